import TestSupport
import XCTest
@testable import Tracking

/// `TrackingConfiguration.beforeSend`: an ordered chain of hooks between validation and the sinks, for
/// scanned and explicit events alike, whose changes are validated again.
final class BeforeSendTests: TrackerStorageTestCase {
    @MainActor
    private static func makeTracker(
        in directory: URL, log: DiagnosticLog, clock: ManualTrackingClock = ManualTrackingClock(),
        hooks: [@Sendable (TrackingEvent) -> TrackingEvent?]
    ) -> (Tracker, InMemoryTrackingSink) {
        var configuration = TrackingConfiguration.testing(clock: clock, log: log)
        configuration.storageDirectory = directory
        configuration.minimumVisibleDuration = 0
        configuration.beforeSend = hooks
        let sink = InMemoryTrackingSink()
        return (Tracker(configuration: configuration, sinks: [sink]), sink)
    }

    func testHooksRunInOrderOnScannedAndExplicitEventsAfterValidation() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let seen = InMemoryTrackingSink()
            let clock = ManualTrackingClock()
            let (tracker, sink) = Self.makeTracker(in: directory, log: DiagnosticLog(), clock: clock, hooks: [
                { event in
                    seen.receive(event)
                    var event = event
                    event.eventProperties["email"] = nil
                    return event
                },
                { event in
                    var event = event
                    if event.isExplicit { event.eventProperties["step"] = .int(event.eventProperties.count) }
                    return event
                },
            ])
            tracker.track("signed_up", properties: ["email": "a@example.com", "plan": "pro"])
            tracker.recordAndDeliver(RecorderFixtures.scan(screens: [(RecorderFixtures.feed, 1)]), at: clock.now())
            tracker.identify(userID: "u-1", traits: ["email": "a@example.com"])
            tracker.track(TrackingEventName(rawValue: String(repeating: "n", count: 300)))

            XCTAssertEqual(sink.events.map(\.summary), [
                "track signed_up 0.0", "screen_view feed 1.0", "identify u-1 0.0",
                "track " + String(repeating: "n", count: 256) + " 0.0",
            ])
            XCTAssertEqual(sink.events.map(\.properties), [
                ["plan": "pro", "step": .int(1)], [:], ["step": .int(0)], ["step": .int(0)],
            ])
            // The first hook saw the validated events (the long name already truncated), with identity.
            XCTAssertEqual(seen.events.map(\.eventName?.rawValue.utf8.count), [9, nil, nil, 256])
            XCTAssertEqual(seen.events.map(\.id), sink.events.map(\.id))
            XCTAssertTrue(seen.events.allSatisfy { $0.identity != nil && $0.context != nil })
        }
    }

    func testADroppedEventReachesNoSinkAndIsNotCountedAndIdentifyStillSetsTheUser() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let (tracker, sink) = Self.makeTracker(in: directory, log: DiagnosticLog(), clock: clock, hooks: [
                { event in event.kind == .impression || event.kind == .identify ? nil : event },
            ])
            tracker.identify(userID: "u-9")
            tracker.recordAndDeliver(
                RecorderFixtures.scan(screens: [(RecorderFixtures.feed, 1)], elements: [(RecorderFixtures.spark, 0, 1)]),
                at: clock.now()
            )
            tracker.track("kept")
            XCTAssertEqual(sink.events.map(\.summary), ["screen_view feed 1.0", "track kept 0.0"])
            XCTAssertEqual(sink.events.map { $0.identity?.userID }, ["u-9", "u-9"])
            XCTAssertEqual(tracker.identity.userID, "u-9")
            XCTAssertEqual(tracker.statistics.eventsDelivered, 2)
        }
    }

    func testAnEventAHookBrokeIsValidatedAgain() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let log = DiagnosticLog()
            let (tracker, sink) = Self.makeTracker(in: directory, log: log, hooks: [
                { event in
                    var event = event
                    switch event.eventName?.rawValue {
                    case "blank": event.eventName = "  "
                    case "long": event.eventProperties["note"] = .string(String(repeating: "x", count: 2_000))
                    default: event.eventProperties["ratio"] = .double(.nan)
                    }
                    return event
                },
            ])
            tracker.track("blank")
            tracker.track("long")
            tracker.track("nan")
            XCTAssertEqual(sink.events.map(\.name), ["long", "nan"])
            XCTAssertEqual(sink.events.first?.properties["note"], .string(String(repeating: "x", count: 1_024)))
            XCTAssertEqual(sink.events.last?.properties, [:])
            XCTAssertEqual(log.codes, [.emptyName, .propertyValueTooLong, .invalidProperty])
        }
    }
}
