import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Delivery from the tracker to its sinks on fabricated scans: order, validation, failing and misbehaving
/// sinks (scenario 23), span ends on stop and background.
final class TrackerDeliveryTests: HeadlessTestCase {
    private typealias F = RecorderFixtures


    func testEventsReachEverySinkInOrderAndAreReturned() {
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let log = DiagnosticLog()
            var configuration = TrackingConfiguration.testing(clock: clock, log: log)
            configuration.minimumVisibleDuration = 0
            let first = InMemoryTrackingSink()
            let second = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [first, second])

            let delivered = tracker.recordAndDeliver(
                F.scan(screens: [(F.feed, 1)], elements: [(F.cell("a"), 0, 1), (F.spark, 0, 0.5)]), at: clock.now()
            )
            let expected = ["screen_view feed 1.0", "impression feed_cell#a @feed 1.0", "impression spark_button @feed 0.5"]
            XCTAssertEqual(delivered.map(\.summary), expected)
            XCTAssertEqual(first.events, delivered)
            XCTAssertEqual(second.events, delivered)
            XCTAssertEqual(log.all, [])
        }
    }

    func testThrowingSinkGetsADiagnosticAndTheOtherSinksStillReceiveEveryEvent() {
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let log = DiagnosticLog()
            var configuration = TrackingConfiguration.testing(clock: clock, log: log)
            configuration.minimumVisibleDuration = 0
            let before = InMemoryTrackingSink()
            let after = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [before, ThrowingTrackingSink(), after])

            tracker.recordAndDeliver(F.scan(screens: [(F.feed, 1)], elements: [(F.spark, 0, 1)]), at: clock.now())
            tracker.recordAndDeliver(F.scan(screens: [(F.profile, 1)]), at: clock.now())

            let expected = [
                "screen_view feed 1.0", "impression spark_button @feed 1.0", "screen_ended feed 1.0 0ms",
                "screen_view profile#u1 1.0",
            ]
            XCTAssertEqual(before.events.map(\.summary), expected)
            XCTAssertEqual(after.events.map(\.summary), expected)
            // The error by its domain and code, not its description ("disk on fire"), which could quote the event.
            // A sink that keeps throwing is one lasting condition: reported once, the next three counted.
            let failure = "TrackingTests.ThrowingTrackingSink.Failure 1"
            XCTAssertEqual(log.all.map(\.description), [
                "[Tracking] sink_failed: ThrowingTrackingSink threw \(failure) receiving an event of kind screen_view; the other sinks received it",
            ])
            // An hour later on the tracker's clock it is reported again, with the count of what was left out.
            clock.advance(by: 3_601)
            tracker.track("After An Hour")
            XCTAssertEqual(log.all.map(\.description).last,
                           "[Tracking] sink_failed: ThrowingTrackingSink threw \(failure) receiving an event of kind track; the other sinks "
                               + "received it (again; 3 more time(s) since it was last reported)")
            XCTAssertEqual(log.all.count, 2)
        }
    }

    func testInvalidEventsAreDroppedOrRepairedAndTheRestFlow() {
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let log = DiagnosticLog()
            var configuration = TrackingConfiguration.testing(clock: clock, log: log)
            configuration.minimumVisibleDuration = 0
            let sink = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            let nameless = TrackingElement(elementType: "")
            let huge = TrackingElement(elementType: TrackingElementType(rawValue: String(repeating: "h", count: 1_000_000)))
            let nan = TrackingElement(elementType: "card", properties: ["score": .double(.nan), "rank": 1])

            tracker.recordAndDeliver(F.scan(
                screens: [(TrackingScreen(screenName: ""), 1), (F.feed, 1)],
                elements: [(F.cell("a"), 1, 1), (nameless, 1, 1), (huge, 1, 1), (nan, 0, 1)]
            ), at: clock.now())

            XCTAssertEqual(sink.events.map(\.summary), [
                "screen_view feed 1.0",
                "impression feed_cell#a @feed 1.0",
                "impression \(String(repeating: "h", count: 256)) @feed 1.0",
                "impression card @- 1.0",
            ])
            XCTAssertEqual(sink.events.last?.properties, ["rank": 1])
            XCTAssertEqual(log.codes, [.emptyName, .emptyName, .nameTooLong, .invalidProperty, .emptyName])
        }
    }

    func testSinkThatReentersTheTrackerIsRefusedWithoutLosingEvents() {
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let log = DiagnosticLog()
            var configuration = TrackingConfiguration.testing(clock: clock, log: log)
            configuration.minimumVisibleDuration = 0
            var tracker: Tracker?
            let reentering = ActionTrackingSink { _ in
                XCTAssertEqual(tracker?.scanNow(), [])
            }
            let sink = InMemoryTrackingSink()
            tracker = Tracker(configuration: configuration, sinks: [reentering, sink])

            tracker?.recordAndDeliver(F.scan(screens: [(F.feed, 1)], elements: [(F.spark, 0, 1)]), at: clock.now())

            XCTAssertEqual(sink.events.map(\.summary), ["screen_view feed 1.0", "impression spark_button @feed 1.0"])
            XCTAssertEqual(reentering.events.count, 2)
            XCTAssertEqual(log.codes, [.reentrantScan, .reentrantScan])
        }
    }

    func testSinkThatStopsTheTrackerStillLetsTheScansEventsThrough() {
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
            configuration.minimumVisibleDuration = 0
            var tracker: Tracker?
            let stopping = ActionTrackingSink { _ in tracker?.stop() }
            let sink = InMemoryTrackingSink()
            tracker = Tracker(configuration: configuration, sinks: [stopping, sink])
            tracker?.start()

            tracker?.recordAndDeliver(F.scan(screens: [(F.feed, 1)], elements: [(F.spark, 0, 1)]), at: clock.now())

            // The stop ends the feed's span; its end follows the scan's events, never comes before its view.
            XCTAssertEqual(sink.events.map(\.summary), [
                "screen_view feed 1.0", "impression spark_button @feed 1.0", "screen_ended feed 1.0 0ms",
            ])
            XCTAssertEqual(stopping.events.map(\.summary), sink.events.map(\.summary))
            XCTAssertEqual(tracker?.isRunning, false)
        }
    }

    func testStopEndsEverySpan() {
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let sink = InMemoryTrackingSink()
            let tracker = Tracker(configuration: .testing(clock: clock, log: DiagnosticLog()), sinks: [sink])
            let visible = F.scan(screens: [(F.feed, 1)])
            tracker.start()
            tracker.recordAndDeliver(visible, at: clock.now())
            clock.advance(by: 0.25)
            tracker.recordAndDeliver(visible, at: clock.now())
            clock.advance(by: 0.1)
            tracker.stop()
            clock.advance(by: 5)
            tracker.start()
            tracker.recordAndDeliver(visible, at: clock.now())
            clock.advance(by: 2)
            tracker.stop()
            // Stopped time is outside every span; a stop ends the span at the instant of the stop.
            XCTAssertEqual(sink.events.map(\.summary), [
                "screen_view feed 1.0", "screen_ended feed 1.0 350ms", "screen_view feed 1.0", "screen_ended feed 1.0 2000ms",
            ])
            XCTAssertEqual(tracker.endAllSpansAndDeliver(), [])
        }
    }

    func testEnteringTheBackgroundEndsEverySpan() {
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let sink = InMemoryTrackingSink()
            let tracker = Tracker(configuration: .testing(clock: clock, log: DiagnosticLog()), sinks: [sink])
            let visible = F.scan(screens: [(F.feed, 1)], elements: [(F.spark, 0, 1)])
            tracker.start()
            tracker.recordAndDeliver(visible, at: clock.now())
            clock.advance(by: 0.75)
            tracker.recordAndDeliver(visible, at: clock.now())
            Headless.enterBackground()
            Headless.enterForeground()
            clock.advance(by: 0.75)
            tracker.recordAndDeliver(visible, at: clock.now())
            clock.advance(by: 0.75)
            tracker.recordAndDeliver(visible, at: clock.now())
            clock.advance(by: 0.25)
            tracker.recordAndDeliver(visible, at: clock.now())
            tracker.stop()
            XCTAssertEqual(sink.events.map(\.summary), [
                "screen_view feed 1.0", "screen_ended feed 1.0 750ms", "screen_view feed 1.0",
                "impression spark_button @feed 1.0", "screen_ended feed 1.0 1000ms",
            ])
        }
    }

    func testInvalidConfigurationIsReportedAtInitAndRepaired() {
        MainActor.assumeIsolated {
            let log = DiagnosticLog()
            var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: log)
            configuration.scansPerSecond = 0
            configuration.minimumVisibleRatio = -1
            let tracker = Tracker(configuration: configuration, sinks: [])
            XCTAssertEqual(log.codes, [.invalidConfiguration, .invalidConfiguration])
            XCTAssertEqual(tracker.configuration.scansPerSecond, 4)
            XCTAssertEqual(tracker.configuration.minimumVisibleRatio, 0)
        }
    }

    func testReleasedTrackerIsDeallocated() {
        MainActor.assumeIsolated {
            weak var weakTracker: Tracker?
            do {
                let tracker = Tracker(configuration: .testing(clock: ManualTrackingClock(), log: DiagnosticLog()), sinks: [])
                tracker.start()
                weakTracker = tracker
            }
            XCTAssertNil(weakTracker)
            // Its timer notices at its next tick and invalidates itself; nothing may crash meanwhile. The
            // witness's ticks span the tracker's default interval (4 scans a second) twice over.
            MainRunLoop.run(throughTicks: 3, every: 0.25)
        }
    }
}
