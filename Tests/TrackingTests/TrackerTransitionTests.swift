import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 25: while a view-controller transition is in flight in a window, a scan records nothing for
/// that window; an abandoned edge swipe never records the screen underneath; a completed transition is
/// recorded once, by a scan right after it ends. Time comes from a manual clock; animations and the
/// scan after a transition run on the real main run loop, briefly and bounded.
final class TrackerTransitionTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            Self.shownWindows.removeAll()
        }
        super.tearDown()
    }

    // MARK: - Animated push, pop, present, dismiss

    func testAScanDuringAnAnimatedPushOrPopRecordsNothingAndTheScreenItLeadsToOnceAfterwards() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let home = Self.screen("home")
            let detail = Self.screen("detail")
            let navigation = UINavigationController(rootViewController: home)
            // The navigation controller is a child: the transition is found below the window's root.
            let tabs = UITabBarController()
            tabs.viewControllers = [navigation]
            _ = Self.show(tabs)
            let tracker = Self.makeTracker(setup)
            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view home 1.0"])

            navigation.pushViewController(detail, animated: true)
            XCTAssertNotNil(navigation.transitionCoordinator)
            // The model layer already shows the pushed screen in place, over home.
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), [])
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), [])
            Self.finishAnimations()
            XCTAssertNil(navigation.transitionCoordinator)
            // Home counts until the first scan after the transition: scans during it end no span.
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), ["screen_ended home 1.0 300ms", "screen_view detail 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])

            navigation.popViewController(animated: true)
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), [])
            Self.finishAnimations()
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), ["screen_ended detail 1.0 450ms", "screen_view home 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            XCTAssertEqual(setup.sink.events.map(\.summary), [
                "screen_view home 1.0", "screen_ended home 1.0 300ms", "screen_view detail 1.0",
                "screen_ended detail 1.0 450ms", "screen_view home 1.0",
            ])
            XCTAssertEqual(setup.log.all, [])
        }
    }

    func testAScanDuringAnAnimatedPresentOrDismissRecordsNothingAndTheScreenItLeadsToOnceAfterwards() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let home = Self.screen("home")
            let navigation = UINavigationController(rootViewController: home)
            _ = Self.show(navigation)
            let sheet = Self.screen("sheet")
            sheet.modalPresentationStyle = .fullScreen
            let tracker = Self.makeTracker(setup)
            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view home 1.0"])

            home.present(sheet, animated: true)
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), [])
            Self.finishAnimations()
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), ["screen_ended home 1.0 200ms", "screen_view sheet 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])

            sheet.dismiss(animated: true)
            // The model layer already has the sheet below the window and home back in place.
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), [])
            Self.finishAnimations()
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), ["screen_ended sheet 1.0 450ms", "screen_view home 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            XCTAssertEqual(setup.sink.events.map(\.summary), [
                "screen_view home 1.0", "screen_ended home 1.0 200ms", "screen_view sheet 1.0",
                "screen_ended sheet 1.0 450ms", "screen_view home 1.0",
            ])
        }
    }

    func testATransitionInsideAPresentedControllerIsFound() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let home = Self.screen("home")
            _ = Self.show(UINavigationController(rootViewController: home))
            let flow = UINavigationController(rootViewController: Self.screen("step1"))
            flow.modalPresentationStyle = .fullScreen
            home.present(flow, animated: false)
            let tracker = Self.makeTracker(setup)
            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view step1 1.0"])

            flow.pushViewController(Self.screen("step2"), animated: true)
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), [])
            Self.finishAnimations()
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), ["screen_ended step1 1.0 200ms", "screen_view step2 1.0"])
            // Dismiss, so that the test leaves no presentation behind.
            home.dismiss(animated: false)
        }
    }

    func testOnlyTheWindowInTransitionIsLeftOut() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let home = Self.screen("home")
            let navigation = UINavigationController(rootViewController: home)
            _ = Self.show(navigation)
            let tracker = Self.makeTracker(setup, duration: 0)
            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view home 1.0"])

            let banner = Self.screen("banner")
            let bannerWindow = Self.show(banner, frame: CGRect(x: 0, y: 700, width: 400, height: 100), level: .alert)
            bannerWindow.isHidden = true
            navigation.pushViewController(Self.screen("detail"), animated: true)
            bannerWindow.isHidden = false
            _ = Self.element("close", frame: CGRect(x: 0, y: 0, width: 40, height: 40), in: banner.view)
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), ["screen_view banner 1.0", "impression close @banner 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), [])
            bannerWindow.isHidden = true
            Self.finishAnimations()
            // Ends come in the order the spans started.
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), [
                "screen_ended home 1.0 300ms", "screen_ended banner 1.0 200ms", "screen_view detail 1.0",
            ])
        }
    }

    // MARK: - Interactive pop

    func testAnAbandonedEdgeSwipeNeverRecordsTheScreenUnderneathNorASecondScreenView() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let home = Self.screen("home")
            let detail = Self.screen("detail")
            _ = Self.element("buy", frame: CGRect(x: 20, y: 100, width: 100, height: 44), in: detail.view)
            let navigation = UINavigationController(rootViewController: home)
            _ = Self.show(navigation)
            navigation.pushViewController(detail, animated: false)
            let tracker = Self.makeTracker(setup)
            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view detail 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 0.5, setup), [])

            let swipe = Headless.beginInteractivePop(in: navigation)
            // Model-layer frames: detail already off the trailing edge, home fully in place.
            XCTAssertEqual(detail.view.frame.minX, 400)
            for _ in 0..<4 {
                XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            }
            swipe?.cancel()
            XCTAssertNil(navigation.transitionCoordinator)
            // The spans went on untouched: no second screen view, and the button, on screen all along, has
            // now been visible for 1.6 s.
            XCTAssertEqual(Self.scan(tracker, after: 0.1, setup), ["impression buy @detail 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 1, setup), [])
            XCTAssertEqual(setup.sink.events.map(\.summary), ["screen_view detail 1.0", "impression buy @detail 1.0"])
            XCTAssertFalse(setup.sink.events.contains { $0.name == "home" })
        }
    }

    func testACompletedEdgeSwipeIsRecordedOnceByAScanRightAfterItEnds() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let (navigation, tracker) = Self.startedOnDetailOverHome(setup)

            let swipe = Headless.beginInteractivePop(in: navigation)
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            setup.clock.advance(by: 0.25)
            let scheduledScans = tracker.scheduledScanCount
            swipe?.finish()
            XCTAssertEqual(tracker.scheduledScanCount, scheduledScans)
            MainRunLoop.run(until: { tracker.scheduledScanCount > scheduledScans })
            XCTAssertEqual(tracker.scheduledScanCount, scheduledScans + 1)
            // The interval is an hour, and deadlines wait for it too: only the transition's end scans now.
            // The detail's time runs through the swipe: scans during a transition end no span.
            XCTAssertEqual(setup.sink.events.map(\.summary), [
                "screen_view detail 1.0", "screen_ended detail 1.0 500ms", "screen_view home 1.0",
            ])
            XCTAssertEqual(setup.sink.events.last?.timestamp, setup.clock.now().date)

            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            tracker.stop()
        }
    }

    func testTheScanAfterAnAbandonedEdgeSwipeRecordsNothing() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let (navigation, tracker) = Self.startedOnDetailOverHome(setup)

            let swipe = Headless.beginInteractivePop(in: navigation)
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            let scheduledScans = tracker.scheduledScanCount
            swipe?.cancel()
            MainRunLoop.run(until: { tracker.scheduledScanCount > scheduledScans })
            XCTAssertEqual(tracker.scheduledScanCount, scheduledScans + 1)
            XCTAssertEqual(setup.sink.events.map(\.summary), ["screen_view detail 1.0"])
            tracker.stop()
        }
    }

    // MARK: - Helpers

    private static let windowFrame = CGRect(x: 0, y: 0, width: 400, height: 800)

    /// Like an app's scene delegate, the test keeps its windows alive.
    @MainActor private static var shownWindows: [UIWindow] = []

    private struct Setup {
        let clock = ManualTrackingClock()
        let log = DiagnosticLog()
        let sink = InMemoryTrackingSink()
    }

    @MainActor
    private static func show(
        _ root: UIViewController, frame: CGRect = windowFrame, level: UIWindow.Level = .normal
    ) -> UIWindow {
        let window = UIWindow(frame: frame)
        window.windowLevel = level
        window.rootViewController = root
        window.makeKeyAndVisible()
        shownWindows.append(window)
        Headless.settle()
        return window
    }

    /// A tracked screen with an opaque view, as a real screen's background is.
    @MainActor
    private static func screen(_ name: TrackingScreenName) -> UIViewController {
        let controller = UIViewController()
        controller.trackingScreen = TrackingScreen(screenName: name)
        controller.view.backgroundColor = .white
        return controller
    }

    @MainActor
    private static func element(_ type: TrackingElementType, frame: CGRect, in parent: UIView) -> UIView {
        let view = UIView(frame: frame)
        view.trackingElement = TrackingElement(elementType: type)
        parent.addSubview(view)
        return view
    }

    @MainActor
    private static func makeTracker(_ setup: Setup, duration: TimeInterval = 1, scansPerSecond: Double = 4) -> Tracker {
        var configuration = TrackingConfiguration.testing(clock: setup.clock, log: setup.log)
        configuration.minimumVisibleDuration = duration
        configuration.scansPerSecond = scansPerSecond
        return Tracker(configuration: configuration, sinks: [setup.sink])
    }

    @MainActor
    private static func scan(_ tracker: Tracker, after seconds: TimeInterval = 0, _ setup: Setup) -> [String] {
        setup.clock.advance(by: seconds)
        Headless.runUpdateCycle()
        return tracker.scanNow().map(\.summary)
    }

    /// Runs the main run loop until the animations in flight complete (bounded).
    @MainActor
    private static func finishAnimations() {
        Headless.settle(timeout: MainRunLoop.bound)
    }

    /// Starts the tracker and runs the main run loop until the scan its start brings has run: a witness timer
    /// fires twice, with the loop about to sleep in between, where the scheduler scans.
    @MainActor
    private static func startAndLetTheFirstScanPass(_ tracker: Tracker) {
        tracker.start()
        MainRunLoop.run(throughTicks: 2, every: 0.01)
        XCTAssertEqual(tracker.scheduledScanCount, 1)
    }

    /// A navigation controller showing "detail" pushed over "home", and a started tracker that has recorded
    /// detail's screen view. After its first scan it may scan once an hour, so a scheduled scan
    /// during the test is one a transition's end requested, however slowly the test runs.
    @MainActor
    private static func startedOnDetailOverHome(_ setup: Setup) -> (UINavigationController, Tracker) {
        let navigation = UINavigationController(rootViewController: screen("home"))
        _ = show(navigation)
        navigation.pushViewController(screen("detail"), animated: false)
        let tracker = makeTracker(setup, scansPerSecond: 1.0 / 3600)
        XCTAssertEqual(scan(tracker, setup), ["screen_view detail 1.0"])
        startAndLetTheFirstScanPass(tracker)
        return (navigation, tracker)
    }
}
