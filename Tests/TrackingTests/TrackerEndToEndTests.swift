import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The tracker through real (headless) windows, view controllers and the scanner: scenarios 15, 16, 19,
/// 20, 21 (scrolling) and 23 end to end. Time comes from a manual clock; scans are explicit
/// (`scanNow()`) except in the scrolling test, which runs the real main run loop.
final class TrackerEndToEndTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            Self.shownWindows.removeAll()
        }
        super.tearDown()
    }

    // MARK: - Helpers

    private static let windowFrame = CGRect(x: 0, y: 0, width: 400, height: 800)

    /// Like an app's scene delegate, the test keeps its windows alive: a window nobody holds goes away.
    @MainActor private static var shownWindows: [UIWindow] = []

    @MainActor
    private static func show(_ root: UIViewController) -> UIWindow {
        let window = UIWindow(frame: Self.windowFrame)
        window.rootViewController = root
        window.makeKeyAndVisible()
        shownWindows.append(window)
        Headless.settle()
        return window
    }

    @MainActor
    private static func screen(_ name: TrackingScreenName, identifier: String? = nil) -> UIViewController {
        let controller = UIViewController()
        controller.trackingScreen = TrackingScreen(screenName: name, identifier: identifier)
        return controller
    }

    @MainActor
    private static func element(
        _ type: TrackingElementType, identifier: String? = nil, frame: CGRect, in parent: UIView
    ) -> UIView {
        let view = UIView(frame: frame)
        view.trackingElement = TrackingElement(elementType: type, identifier: identifier)
        parent.addSubview(view)
        return view
    }

    private struct Setup {
        let clock = ManualTrackingClock()
        let log = DiagnosticLog()
        let sink = InMemoryTrackingSink()
    }

    @MainActor
    private static func makeTracker(_ setup: Setup, duration: TimeInterval = 1, sinks: [any TrackingSink] = []) -> Tracker {
        var configuration = TrackingConfiguration.testing(clock: setup.clock, log: setup.log)
        configuration.minimumVisibleDuration = duration
        return Tracker(configuration: configuration, sinks: [setup.sink] + sinks)
    }

    @MainActor
    private static func scan(_ tracker: Tracker, after seconds: TimeInterval = 0, _ setup: Setup) -> [String] {
        setup.clock.advance(by: seconds)
        Headless.runUpdateCycle()
        return tracker.scanNow().map(\.summary)
    }

    // MARK: - Scenario 15

    func testElementOnScreenYieldsOneImpressionPerVisibilitySpan() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let feed = Self.screen("feed")
            _ = Self.show(feed)
            let button = Self.element("spark_button", frame: CGRect(x: 20, y: 100, width: 100, height: 44), in: feed.view)
            let tracker = Self.makeTracker(setup)

            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view feed 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 0.5, setup), [])
            XCTAssertEqual(Self.scan(tracker, after: 0.5, setup), ["impression spark_button @feed 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 1, setup), [])
            XCTAssertEqual(Self.scan(tracker, after: 10, setup), [])
            button.isHidden = true
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            button.isHidden = false
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            XCTAssertEqual(Self.scan(tracker, after: 1, setup), ["impression spark_button @feed 1.0"])
            XCTAssertEqual(setup.sink.events.count, 3)
            XCTAssertEqual(setup.log.all, [])
        }
    }

    // MARK: - Scenario 16

    func testRatioThresholdOnRealGeometry() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let feed = Self.screen("feed")
            _ = Self.show(feed)
            // 100 pt wide; 49 pt and 50 pt of it inside the 400 pt window.
            _ = Self.element("almost", frame: CGRect(x: 351, y: 100, width: 100, height: 40), in: feed.view)
            _ = Self.element("half", frame: CGRect(x: 350, y: 200, width: 100, height: 40), in: feed.view)
            let tracker = Self.makeTracker(setup)

            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view feed 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 0.99, setup), [])
            XCTAssertEqual(Self.scan(tracker, after: 0.01, setup), ["impression half @feed 0.5"])
            XCTAssertEqual(Self.scan(tracker, after: 5, setup), [])
        }
    }

    // MARK: - Scenario 19

    func testElementsAreAttributedToTheNearestControllerWithAScreen() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let home = Self.screen("home")
            _ = Self.show(home)
            let list = Self.screen("card_list")
            let plain = UIViewController()
            for (child, frame) in [(list, CGRect(x: 0, y: 0, width: 400, height: 400)), (plain, CGRect(x: 0, y: 400, width: 400, height: 400))] {
                home.addChild(child)
                child.view.frame = frame
                home.view.addSubview(child.view)
                child.didMove(toParent: home)
            }
            _ = Self.element("card", identifier: "1", frame: CGRect(x: 10, y: 10, width: 100, height: 100), in: list.view)
            _ = Self.element("banner", frame: CGRect(x: 10, y: 10, width: 100, height: 100), in: plain.view)
            let tracker = Self.makeTracker(setup, duration: 0)

            XCTAssertEqual(Self.scan(tracker, setup), [
                "screen_view home 1.0",
                "screen_view card_list 1.0",
                "impression card#1 @card_list 1.0",
                "impression banner @home 1.0",
            ])
        }
    }

    func testTabSwitchesProduceOneScreenViewEach() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let tabs = UITabBarController()
            tabs.viewControllers = [Self.screen("feed"), Self.screen("profile", identifier: "me")]
            _ = Self.show(tabs)
            let tracker = Self.makeTracker(setup)

            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view feed 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            Headless.tapTab(at: 1, in: tabs)
            Headless.settle()
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), ["screen_ended feed 1.0 500ms", "screen_view profile#me 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            Headless.tapTab(at: 0, in: tabs)
            Headless.settle()
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), ["screen_ended profile#me 1.0 500ms", "screen_view feed 1.0"])
            XCTAssertEqual(setup.sink.events.map(\.kind), [.screenView, .screenEnded, .screenView, .screenEnded, .screenView])
        }
    }

    func testPushAndPopProduceOneScreenViewEach() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let navigation = UINavigationController(rootViewController: Self.screen("feed"))
            _ = Self.show(navigation)
            let tracker = Self.makeTracker(setup)

            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view feed 1.0"])
            navigation.pushViewController(Self.screen("detail", identifier: "p7"), animated: false)
            Headless.settle()
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), ["screen_ended feed 1.0 250ms", "screen_view detail#p7 1.0"])
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            navigation.popViewController(animated: false)
            Headless.settle()
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), ["screen_ended detail#p7 1.0 500ms", "screen_view feed 1.0"])
        }
    }

    // MARK: - Scenario 20

    func testReusedViewWithANewComponentIsANewImpressionAndAMovedComponentIsNot() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let feed = Self.screen("feed")
            _ = Self.show(feed)
            let cell = Self.element("feed_cell", identifier: "a", frame: CGRect(x: 0, y: 0, width: 400, height: 100), in: feed.view)
            let other = UIView(frame: CGRect(x: 0, y: 100, width: 400, height: 100))
            feed.view.addSubview(other)
            let tracker = Self.makeTracker(setup, duration: 0)

            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view feed 1.0", "impression feed_cell#a @feed 1.0"])
            cell.trackingElement = TrackingElement(elementType: "feed_cell", identifier: "b")
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), ["impression feed_cell#b @feed 1.0"])
            cell.trackingElement = nil
            other.trackingElement = TrackingElement(elementType: "feed_cell", identifier: "b")
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
            XCTAssertEqual(Self.scan(tracker, after: 0.25, setup), [])
        }
    }

    // MARK: - Scenario 21 (scrolling)

    func testNoScanDuringADragAndOneRightAfter() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let feed = Self.screen("feed")
            _ = Self.show(feed)
            let scrollView = UIScrollView(frame: Self.windowFrame)
            scrollView.contentSize = CGSize(width: 400, height: 4000)
            feed.view.addSubview(scrollView)
            var configuration = TrackingConfiguration.testing(clock: setup.clock, log: setup.log)
            configuration.scansPerSecond = 10
            let tracker = Tracker(configuration: configuration, sinks: [setup.sink])
            tracker.start()
            defer { tracker.stop() }

            let scansBefore = tracker.scheduledScanCount
            Headless.drag(scrollView, by: CGPoint(x: 0, y: -300), duration: 0.4)
            XCTAssertEqual(tracker.scheduledScanCount, scansBefore)

            MainRunLoop.run(until: { tracker.scheduledScanCount != scansBefore })
            XCTAssertEqual(tracker.scheduledScanCount, scansBefore + 1)
        }
    }

    // MARK: - Scenario 23

    func testSinkThatTearsDownTheHierarchyLosesNothing() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let feed = Self.screen("feed")
            let window = Self.show(feed)
            _ = Self.element("a", frame: CGRect(x: 0, y: 0, width: 100, height: 100), in: feed.view)
            _ = Self.element("b", frame: CGRect(x: 0, y: 100, width: 100, height: 100), in: feed.view)
            let vandal = ActionTrackingSink { _ in
                for subview in feed.view.subviews { subview.removeFromSuperview() }
                let intruder = UIWindow(frame: Self.windowFrame)
                intruder.makeKeyAndVisible()
                Self.shownWindows.append(intruder)
                window.isHidden = true
            }
            let tracker = Self.makeTracker(setup, duration: 0, sinks: [vandal])

            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view feed 1.0", "impression a @feed 1.0", "impression b @feed 1.0"])
            XCTAssertEqual(vandal.events.count, 3)
            XCTAssertEqual(Self.scan(tracker, after: 1, setup), ["screen_ended feed 1.0 1000ms"])
            XCTAssertEqual(setup.log.all, [])
        }
    }

    func testBadGeometryAndBadNamesCostOnlyThemselves() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let feed = Self.screen("feed")
            _ = Self.show(feed)
            let nan = Self.element("nan", frame: CGRect(x: CGFloat.nan, y: 0, width: 100, height: 100), in: feed.view)
            _ = Self.element("inside_nan", frame: CGRect(x: 0, y: 0, width: 10, height: 10), in: nan)
            _ = Self.element("infinite", frame: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 100), in: feed.view)
            _ = Self.element("", frame: CGRect(x: 0, y: 200, width: 100, height: 100), in: feed.view)
            _ = Self.element("good", frame: CGRect(x: 0, y: 300, width: 100, height: 100), in: feed.view)
            let tracker = Self.makeTracker(setup, duration: 0, sinks: [ThrowingTrackingSink()])

            XCTAssertEqual(Self.scan(tracker, setup), ["screen_view feed 1.0", "impression good @feed 1.0"])
            XCTAssertEqual(setup.sink.events.map(\.summary), ["screen_view feed 1.0", "impression good @feed 1.0"])
            XCTAssertEqual(setup.log.codes, [.invalidGeometry, .sinkFailed, .emptyName], "a sink that keeps throwing is reported once")
            XCTAssertEqual(setup.log.all.first?.message,
                           "2 view(s) have a NaN or infinite frame, bounds or transform; they and their subviews are treated as invisible")
            // The same broken views are not reported again on every scan.
            XCTAssertEqual(Self.scan(tracker, after: 1, setup), [])
            XCTAssertEqual(setup.log.codes.filter { $0 == .invalidGeometry }.count, 1)
        }
    }
}
