import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 21 on the real main run loop: no scan while the loop is in `.tracking`, one as soon as it
/// returns to `.default`, never more than configured, none in the background. Every wait is for an
/// event (a scan, or a witness timer's ticks spanning the scheduler's interval), bounded by
/// ``MainRunLoop/bound``; none decides the outcome by how fast the machine is.
final class ScanSchedulingTests: HeadlessTestCase {
    @MainActor
    private static func makeTracker(scansPerSecond: Double) -> Tracker {
        var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
        configuration.scansPerSecond = scansPerSecond
        return Tracker(configuration: configuration, sinks: [])
    }

    func testNoScanWhileTrackingAndOneWithinAnIntervalAfter() {
        MainActor.assumeIsolated {
            let tracker = Self.makeTracker(scansPerSecond: 10)
            tracker.start()
            defer { tracker.stop() }

            MainRunLoop.run(.tracking, throughTicks: 3, every: 0.1)
            XCTAssertEqual(tracker.scheduledScanCount, 0)
            XCTAssertEqual(tracker.scheduler.timerFireCount, 0, "nothing of the scheduler runs in .tracking")

            // Back in .default, one scan as soon as the loop is about to sleep.
            MainRunLoop.run(.default, until: { tracker.scheduledScanCount > 0 })
            XCTAssertEqual(tracker.scheduledScanCount, 1)
        }
    }

    func testNeverMoreScansPerSecondThanConfigured() {
        MainActor.assumeIsolated {
            let tracker = Self.makeTracker(scansPerSecond: 10)
            tracker.start()
            defer { tracker.stop() }
            let start = Date()
            MainRunLoop.run(until: { tracker.scheduledScanCount >= 3 && Date().timeIntervalSince(start) >= 1 })
            let elapsed = Date().timeIntervalSince(start)
            let allowed = Int((elapsed * 10).rounded(.down)) + 1
            XCTAssertLessThanOrEqual(tracker.scheduledScanCount, allowed)
        }
    }

    func testSchedulerScansWithAnInjectedNotificationCenter() {
        MainActor.assumeIsolated {
            var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
            configuration.scansPerSecond = 20
            let center = NotificationCenter()
            let tracker = Tracker(configuration: configuration, sinks: [], runLoop: .main, notificationCenter: center)
            tracker.start()
            defer { tracker.stop() }
            MainRunLoop.run(until: { tracker.scheduledScanCount >= 2 })
            XCTAssertGreaterThanOrEqual(tracker.scheduledScanCount, 2, "scan requests are posted where they are observed")

            center.post(name: UIApplication.didEnterBackgroundNotification, object: UIApplication.shared)
            let scansBeforePause = tracker.scheduledScanCount
            MainRunLoop.run(throughTicks: 3, every: 0.05)
            XCTAssertEqual(tracker.scheduledScanCount, scansBeforePause, "application notifications come from the same center")
        }
    }

    func testScanNowDoesNotCountAsAScheduledScan() {
        MainActor.assumeIsolated {
            let tracker = Self.makeTracker(scansPerSecond: 4)
            tracker.scanNow()
            tracker.scanNow()
            XCTAssertEqual(tracker.scheduledScanCount, 0)
            XCTAssertFalse(tracker.isRunning)
        }
    }

    func testNoScanInTheBackgroundAndScansAgainInTheForeground() {
        MainActor.assumeIsolated {
            let tracker = Self.makeTracker(scansPerSecond: 10)
            tracker.start()
            defer { tracker.stop() }
            MainRunLoop.run(until: { tracker.scheduledScanCount > 0 })
            XCTAssertEqual(tracker.scheduledScanCount, 1)

            Headless.enterBackground()
            let fires = tracker.scheduler.timerFireCount
            MainRunLoop.run(throughTicks: 3, every: 0.1)
            XCTAssertEqual(tracker.scheduledScanCount, 1)
            XCTAssertEqual(tracker.scheduler.timerFireCount, fires, "nothing is armed in the background")
            XCTAssertTrue(tracker.isRunning)

            Headless.enterForeground()
            MainRunLoop.run(until: { tracker.scheduledScanCount > 1 })
            XCTAssertEqual(tracker.scheduledScanCount, 2)
        }
    }

    func testARequestPendingWhenTheAppGoesToTheBackgroundIsDropped() {
        MainActor.assumeIsolated {
            let tracker = Self.makeTracker(scansPerSecond: 10)
            tracker.start()
            defer { tracker.stop() }
            // The loop worked in .tracking (a scroll): a scan is due at the next idle turn in .default.
            MainRunLoop.run(.tracking, throughTicks: 2, every: 0.05)
            Headless.enterBackground()
            // The witness's ticks span several idle turns in .default.
            MainRunLoop.run(throughTicks: 3, every: 0.1)
            XCTAssertEqual(tracker.scheduledScanCount, 0)
            Headless.enterForeground()
        }
    }

    func testStartedInTheBackgroundWaitsForTheForeground() {
        MainActor.assumeIsolated {
            Headless.enterBackground()
            let tracker = Self.makeTracker(scansPerSecond: 10)
            tracker.start()
            defer { tracker.stop() }
            MainRunLoop.run(throughTicks: 3, every: 0.1)
            XCTAssertEqual(tracker.scheduledScanCount, 0)
            XCTAssertEqual(tracker.scheduler.timerFireCount, 0)
            Headless.enterForeground()
            MainRunLoop.run(until: { tracker.scheduledScanCount > 0 })
            XCTAssertEqual(tracker.scheduledScanCount, 1)
        }
    }

    func testStopStopsScanning() {
        MainActor.assumeIsolated {
            let tracker = Self.makeTracker(scansPerSecond: 10)
            tracker.start()
            MainRunLoop.run(until: { tracker.scheduledScanCount > 0 })
            tracker.stop()
            let scans = tracker.scheduledScanCount
            let fires = tracker.scheduler.timerFireCount
            MainRunLoop.run(throughTicks: 3, every: 0.1)
            XCTAssertEqual(tracker.scheduledScanCount, scans)
            XCTAssertEqual(tracker.scheduler.timerFireCount, fires)
            XCTAssertFalse(tracker.isRunning)
        }
    }

    func testTwoTrackersKeepTheirOwnRates() {
        MainActor.assumeIsolated {
            let fast = Self.makeTracker(scansPerSecond: 10)
            let slow = Self.makeTracker(scansPerSecond: 2)
            fast.start()
            slow.start()
            defer {
                fast.stop()
                slow.stop()
            }
            let start = Date()
            MainRunLoop.run(until: {
                fast.scheduledScanCount >= 2 && slow.scheduledScanCount >= 1 && Date().timeIntervalSince(start) >= 0.6
            })
            let elapsed = Date().timeIntervalSince(start)
            XCTAssertLessThanOrEqual(slow.scheduledScanCount, Int((elapsed * 2).rounded(.down)) + 1, "the fast tracker's scans hurried the slow one")
            XCTAssertLessThanOrEqual(fast.scheduledScanCount, Int((elapsed * 10).rounded(.down)) + 1)
        }
    }
}
