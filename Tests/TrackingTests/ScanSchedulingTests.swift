import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 21 on the real main run loop, run briefly and bounded: no scan while the loop is in
/// `.tracking`, one within one interval after it returns to `.default`, never more than configured, none
/// in the background.
final class ScanSchedulingTests: HeadlessTestCase {
    @MainActor
    private static func makeTracker(scansPerSecond: Double) -> Tracker {
        var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
        configuration.scansPerSecond = scansPerSecond
        return Tracker(configuration: configuration, sinks: [])
    }

    /// Runs the main run loop in `mode` until `condition` holds or `seconds` have passed; returns the
    /// seconds it took.
    @MainActor
    @discardableResult
    private static func runMainLoop(
        _ mode: RunLoop.Mode = .default, for seconds: TimeInterval, until condition: () -> Bool = { false }
    ) -> TimeInterval {
        let start = Date()
        let deadline = start.addingTimeInterval(seconds)
        // Short slices: a run of the loop returns only at its limit when timers are all that fire.
        while !condition(), Date() < deadline {
            _ = RunLoop.main.run(mode: mode, before: min(deadline, Date().addingTimeInterval(0.005)))
        }
        return Date().timeIntervalSince(start)
    }

    func testNoScanWhileTrackingAndOneWithinAnIntervalAfter() {
        MainActor.assumeIsolated {
            let tracker = Self.makeTracker(scansPerSecond: 10)
            tracker.start()
            defer { tracker.stop() }

            Self.runMainLoop(.tracking, for: 0.35)
            XCTAssertEqual(tracker.scheduledScanCount, 0)
            XCTAssertGreaterThanOrEqual(tracker.scheduler.tickCount, 2, "the timer ticks while tracking")

            // Ticks queued while tracking coalesce into one scan as soon as the loop idles in .default.
            Self.runMainLoop(.default, for: 0.1) { tracker.scheduledScanCount > 0 }
            XCTAssertEqual(tracker.scheduledScanCount, 1)
        }
    }

    func testNeverMoreScansPerSecondThanConfigured() {
        MainActor.assumeIsolated {
            let tracker = Self.makeTracker(scansPerSecond: 10)
            tracker.start()
            defer { tracker.stop() }
            let elapsed = Self.runMainLoop(.default, for: 1)
            let allowed = Int((elapsed * 10).rounded(.down)) + 1
            XCTAssertLessThanOrEqual(tracker.scheduledScanCount, allowed)
            XCTAssertGreaterThanOrEqual(tracker.scheduledScanCount, 3, "the scheduler keeps scanning")
            XCTAssertLessThanOrEqual(tracker.scheduledScanCount, tracker.scheduler.tickCount)
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
            Self.runMainLoop(.default, for: 0.5) { tracker.scheduledScanCount >= 2 }
            XCTAssertGreaterThanOrEqual(tracker.scheduledScanCount, 2, "scan requests are posted where they are observed")

            center.post(name: UIApplication.didEnterBackgroundNotification, object: UIApplication.shared)
            let scansBeforePause = tracker.scheduledScanCount
            Self.runMainLoop(.default, for: 0.2)
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
            Self.runMainLoop(.default, for: 0.5) { tracker.scheduledScanCount > 0 }
            XCTAssertEqual(tracker.scheduledScanCount, 1)

            Headless.enterBackground()
            let ticks = tracker.scheduler.tickCount
            Self.runMainLoop(.default, for: 0.35)
            XCTAssertEqual(tracker.scheduledScanCount, 1)
            XCTAssertEqual(tracker.scheduler.tickCount, ticks, "the timer is paused in the background")
            XCTAssertTrue(tracker.isRunning)

            Headless.enterForeground()
            Self.runMainLoop(.default, for: 0.5) { tracker.scheduledScanCount > 1 }
            XCTAssertEqual(tracker.scheduledScanCount, 2)
        }
    }

    func testARequestPendingWhenTheAppGoesToTheBackgroundIsDropped() {
        MainActor.assumeIsolated {
            let tracker = Self.makeTracker(scansPerSecond: 10)
            tracker.start()
            defer { tracker.stop() }
            Self.runMainLoop(.tracking, for: 0.25)
            XCTAssertGreaterThan(tracker.scheduler.tickCount, 0)
            Headless.enterBackground()
            Self.runMainLoop(.default, for: 0.3)
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
            Self.runMainLoop(.default, for: 0.3)
            XCTAssertEqual(tracker.scheduledScanCount, 0)
            Headless.enterForeground()
            Self.runMainLoop(.default, for: 0.5) { tracker.scheduledScanCount > 0 }
            XCTAssertEqual(tracker.scheduledScanCount, 1)
        }
    }

    func testStopStopsScanning() {
        MainActor.assumeIsolated {
            let tracker = Self.makeTracker(scansPerSecond: 10)
            tracker.start()
            Self.runMainLoop(.default, for: 0.5) { tracker.scheduledScanCount > 0 }
            tracker.stop()
            let scans = tracker.scheduledScanCount
            Self.runMainLoop(.default, for: 0.3)
            XCTAssertEqual(tracker.scheduledScanCount, scans)
            XCTAssertFalse(tracker.isRunning)
        }
    }

    func testTwoTrackersNeitherCoalesceNorTriggerEachOther() {
        MainActor.assumeIsolated {
            let fast = Self.makeTracker(scansPerSecond: 10)
            let slow = Self.makeTracker(scansPerSecond: 2)
            fast.start()
            slow.start()
            defer {
                fast.stop()
                slow.stop()
            }
            let elapsed = Self.runMainLoop(.default, for: 0.6)
            XCTAssertGreaterThanOrEqual(fast.scheduledScanCount, 2)
            XCTAssertLessThanOrEqual(slow.scheduledScanCount, Int((elapsed * 2).rounded(.down)) + 1)
            XCTAssertGreaterThanOrEqual(slow.scheduledScanCount, 1)
        }
    }
}
