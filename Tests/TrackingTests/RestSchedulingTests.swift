import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenarios 52-55 on the real main run loop: a screen at rest costs no scan and no wake, a change made at
/// rest is seen, continuous change scans at most `scansPerSecond` a second, and an impression is stamped at
/// the moment it qualified. Wakes are counted by a run-loop observer of the test's own. The run-loop tests
/// use the system clock (the scheduler's deadlines are real timers); nothing asserted depends on how fast
/// the machine is: the rest window is one run of the loop, whose only wake of its own is its end.
final class RestSchedulingTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { Self.window = nil }
        super.tearDown()
    }

    // MARK: - Scenario 52

    func testAStaticScreensImpressionsQualifyThenRestCostsNoScanAndNoWake() {
        MainActor.assumeIsolated {
            let (screen, sink, tracker, scans) = Self.startedTracker(scansPerSecond: 10)
            defer { tracker.stop() }
            for (index, name) in ["a", "b", "c"].enumerated() {
                Self.tracked(TrackingElementType(rawValue: name), y: 100 + 120 * Double(index), in: screen.view)
            }
            // Nothing but the run loop running: the deadline timer brings the qualifying scan.
            MainRunLoop.run(until: { sink.events.filter { $0.kind == .impression }.count == 3 })
            Self.settle(tracker)

            let window = Self.restWindow(seconds: 3, scans: scans)
            XCTAssertEqual(window.scansAfterFirstSleep, 0, "a screen at rest must not be scanned")
            XCTAssertEqual(window.wakes, 1, "the only wake is the end of the test's own run of the loop")
            XCTAssertEqual(sink.events.map(\.kind), [.screenView, .impression, .impression, .impression])
        }
    }

    // MARK: - Scenario 53

    func testAChangeMadeAtRestIsSeenAndQualifies() {
        MainActor.assumeIsolated {
            let (screen, sink, tracker, scans) = Self.startedTracker(scansPerSecond: 4, minimumVisibleDuration: 0.3)
            defer { tracker.stop() }
            MainRunLoop.run(until: { sink.events.count == 1 })
            Self.settle(tracker)

            // A main-thread timer adds a tracked view while the loop sleeps. `fire:`: corelibs'
            // `Timer(timeInterval:repeats:block:)` fires at once, before the loop ever sleeps.
            let changedAt = Box<Double>()
            let change = Timer(fire: Date(timeIntervalSinceNow: 0.05), interval: 0, repeats: false) { _ in
                MainActor.assumeIsolated {
                    changedAt.value = SystemTrackingClock().now().uptime
                    _ = Self.tracked("late", y: 300, in: screen.view)
                }
            }
            RunLoop.main.add(change, forMode: .default)
            MainRunLoop.run(until: { sink.events.contains { $0.kind == .impression } })

            // The first scan after the change saw it, and the impression is stamped exactly
            // minimumVisibleDuration after that scan.
            let firstScanAfter = try? XCTUnwrap(scans.instants.first { $0.uptime >= (changedAt.value ?? .infinity) })
            let impression = sink.events.first { $0.kind == .impression }
            XCTAssertEqual(impression?.element?.elementType, "late")
            if let firstScanAfter, let impression {
                XCTAssertEqual(
                    impression.timestamp.timeIntervalSince(firstScanAfter.date), 0.3, accuracy: 1e-6
                )
            }
        }
    }

    // MARK: - Scenario 54

    func testASixtyHertzAnimationScansAtMostScansPerSecondAndNeverWhileTracking() {
        MainActor.assumeIsolated {
            let (screen, _, tracker, scans) = Self.startedTracker(scansPerSecond: 5)
            defer { tracker.stop() }
            let moving = Self.tracked("moving", y: 100, in: screen.view)
            let frames = Box<Int>()
            let animation = Timer(fire: Date(timeIntervalSinceNow: 1.0 / 60), interval: 1.0 / 60, repeats: true) { _ in
                MainActor.assumeIsolated {
                    frames.value = (frames.value ?? 0) + 1
                    moving.frame.origin.x = Double((frames.value ?? 0) % 100)
                }
            }
            RunLoop.main.add(animation, forMode: .default)
            RunLoop.main.add(animation, forMode: .tracking)
            defer { animation.invalidate() }

            let start = ProcessInfo.processInfo.systemUptime
            let before = tracker.scheduledScanCount
            MainRunLoop.run(until: { (frames.value ?? 0) >= 60 })
            let elapsed = ProcessInfo.processInfo.systemUptime - start
            let scanned = tracker.scheduledScanCount - before
            XCTAssertGreaterThan(scanned, 0, "change is seen")
            XCTAssertLessThanOrEqual(scanned, Int((elapsed * 5).rounded(.down)) + 1)

            let inTracking = tracker.scheduledScanCount
            let framesBefore = frames.value ?? 0
            MainRunLoop.run(.tracking, until: { (frames.value ?? 0) >= framesBefore + 30 })
            XCTAssertEqual(tracker.scheduledScanCount, inTracking, "no scan while the loop tracks a finger")
            XCTAssertFalse(scans.instants.isEmpty)
        }
    }

    func testAChangeSoonerThanTheIntervalSleepsUntilTheIntervalsEnd() {
        MainActor.assumeIsolated {
            let (screen, sink, tracker, scans) = Self.startedTracker(scansPerSecond: 1)
            defer { tracker.stop() }
            MainRunLoop.run(until: { sink.events.count == 1 })
            Self.settle(tracker)

            // Two changes 0.1 s apart: the first scans at once, the second waits for the interval's end, asleep.
            for (index, name) in ["first", "second"].enumerated() {
                let change = Timer(fire: Date(timeIntervalSinceNow: 0.1 * Double(index + 1)), interval: 0, repeats: false) { _ in
                    MainActor.assumeIsolated { _ = Self.tracked(TrackingElementType(rawValue: name), y: 100 + 200 * Double(index), in: screen.view) }
                }
                RunLoop.main.add(change, forMode: .default)
            }
            let window = Self.restWindow(seconds: 2.5, scans: scans)
            XCTAssertGreaterThanOrEqual(window.scansAfterFirstSleep, 2, "both changes are seen")
            // The changes, the interval's end, the impressions' deadlines and the run's end: a handful, not a spin.
            XCTAssertLessThanOrEqual(window.wakes, 8)
            XCTAssertEqual(sink.events.filter { $0.kind == .impression }.compactMap(\.element?.elementType), ["first", "second"])
        }
    }

    // MARK: - Scenario 55

    func testAnImpressionIsStampedAtItsExactQualifyingMoment() {
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let sink = InMemoryTrackingSink()
            var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
            configuration.minimumVisibleDuration = 1
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            let screen = Self.show("home")
            Self.tracked("buy", y: 100, in: screen.view)

            let firstSeen = clock.now()
            tracker.scanNow()
            clock.advance(by: 0.4)
            tracker.scanNow()
            clock.advance(by: 1.3)
            tracker.scanNow()

            XCTAssertEqual(sink.events.map(\.kind), [.screenView, .impression])
            XCTAssertEqual(sink.events.last?.timestamp, firstSeen.date.addingTimeInterval(1))
            XCTAssertEqual(tracker.nextQualification, nil, "every visible element is decided")
        }
    }

    func testTheNextQualificationIsTheEarliestUndecidedSpan() {
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
            configuration.minimumVisibleDuration = 1
            let tracker = Tracker(configuration: configuration, sinks: [])
            let screen = Self.show("home")
            Self.tracked("first", y: 100, in: screen.view)
            let start = clock.now().uptime
            tracker.scanNow()
            clock.advance(by: 0.5)
            Self.tracked("second", y: 300, in: screen.view)
            tracker.scanNow()
            XCTAssertEqual(tracker.nextQualification, start + 1)
            clock.advance(by: 0.5)
            tracker.scanNow()
            XCTAssertEqual(tracker.nextQualification, start + 1.5)
        }
    }

    // MARK: - Helpers

    @MainActor private static var window: UIWindow?

    /// Scan instants seen by the tracker's scan observer.
    @MainActor
    private final class ScanLog {
        var instants: [TrackingInstant] = []
    }

    @MainActor
    private final class Box<Value> {
        var value: Value?
    }

    @MainActor
    private static func show(_ name: TrackingScreenName) -> UIViewController {
        let controller = UIViewController()
        controller.trackingScreen = TrackingScreen(screenName: name)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        Self.window = window
        Headless.settle()
        return controller
    }

    @discardableResult @MainActor
    private static func tracked(_ type: TrackingElementType, y: Double, in parent: UIView) -> UIView {
        let view = UIView(frame: CGRect(x: 20, y: y, width: 200, height: 100))
        view.trackingElement = TrackingElement(elementType: type)
        parent.addSubview(view)
        return view
    }

    @MainActor
    private static func startedTracker(
        scansPerSecond: Double, minimumVisibleDuration: TimeInterval = 0.2
    ) -> (UIViewController, InMemoryTrackingSink, Tracker, ScanLog) {
        var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
        configuration.clock = SystemTrackingClock()
        configuration.scansPerSecond = scansPerSecond
        configuration.minimumVisibleDuration = minimumVisibleDuration
        let sink = InMemoryTrackingSink()
        let tracker = Tracker(configuration: configuration, sinks: [sink])
        let scans = ScanLog()
        tracker.scanObserver = { summary in
            scans.instants.append(TrackingInstant(uptime: ProcessInfo.processInfo.systemUptime, date: summary.timestamp))
        }
        let screen = show("home")
        tracker.start()
        return (screen, sink, tracker, scans)
    }

    /// Runs the loop in single runs of a few intervals until the scheduler has nothing armed and would not
    /// defer a scan: from then on, only what the loop does can make it scan.
    @MainActor
    private static func settle(_ tracker: Tracker) {
        for _ in 0..<100 where !tracker.scheduler.isAtRest {
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(tracker.configuration.scanInterval * 3))
        }
        XCTAssertTrue(tracker.scheduler.isAtRest)
    }

    /// One run of the main loop for `seconds`: how often it woke (a run-loop observer of the test's own) and
    /// how many scans came after it first went to sleep. The run's own entry may bring one scan before it
    /// first sleeps: that is the test's own work.
    @MainActor
    private static func restWindow(seconds: TimeInterval, scans: ScanLog) -> (wakes: Int, scansAfterFirstSleep: Int) {
        let counts = Box<(wakes: Int, scansAtFirstSleep: Int)>()
        let observer = RunLoopActivityObserver(runLoop: .main, mode: .default) { activity in
            switch activity {
            case .afterWaiting:
                counts.value = counts.value.map { ($0.wakes + 1, $0.scansAtFirstSleep) }
            case .beforeWaiting:
                if counts.value == nil { counts.value = (0, scans.instants.count) }
            case .entry:
                break
            }
        }
        defer { observer.invalidate() }
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(seconds))
        let final = counts.value ?? (0, scans.instants.count)
        return (final.wakes, scans.instants.count - final.scansAtFirstSleep)
    }
}
