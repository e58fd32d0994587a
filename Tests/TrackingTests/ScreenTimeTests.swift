import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 34 end to end: `Screen Ended` carries the time a screen was really visible, through real
/// (headless) navigation, presentations, backgrounding and the tracker's own scan, on a manual clock.
///
/// Scans run every 0.25 s; things happen halfway between two scans, as they would in an app, so each end
/// of a span is detected 0.125 s late and the two lags cancel.
final class ScreenTimeTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            Self.shownWindows.removeAll()
        }
        super.tearDown()
    }

    // MARK: - Scenario 34

    func testCoveredByAFullScreenPresentationThenPoppedGivesThreeThenOneSecond() throws {
        try MainActor.assumeIsolated {
            let (setup, navigation, detail, tracker) = Self.detailOverFeed()
            XCTAssertEqual(Self.run(tracker, setup, for: 3), ["screen_view detail#p7 1.0"])

            let player = Self.screen("player")
            player.modalPresentationStyle = .fullScreen
            detail.present(player, animated: false)
            XCTAssertEqual(Self.run(tracker, setup, for: 2), ["screen_ended detail#p7 1.0 3000ms", "screen_view player 1.0"])

            player.dismiss(animated: false)
            XCTAssertEqual(Self.run(tracker, setup, for: 1), ["screen_ended player 1.0 2000ms", "screen_view detail#p7 1.0"])

            navigation.popViewController(animated: false)
            XCTAssertEqual(Self.run(tracker, setup, for: 0.5), ["screen_ended detail#p7 1.0 1000ms", "screen_view feed 1.0"])

            let ends = setup.sink.events.filter { $0.kind == .screenEnded && $0.name == "detail" }
            XCTAssertEqual(ends.map(\.identifier), ["p7", "p7"])
            for (end, truth) in zip(ends, [3.0, 1.0]) {
                XCTAssertEqual(try XCTUnwrap(end.visibleDuration), truth, accuracy: Self.scanInterval)
            }
            XCTAssertEqual(setup.log.all, [])
        }
    }

    func testTheWorstScanPhaseStaysWithinOneScanInterval() throws {
        try MainActor.assumeIsolated {
            let (setup, _, detail, tracker) = Self.detailOverFeed()
            // The first scan comes with the push, the last one that sees the detail just before the cover:
            // the start is exact, the end is detected 0.24 s late.
            XCTAssertEqual(Self.run(tracker, setup, for: 3.01, offset: 0), ["screen_view detail#p7 1.0"])
            let player = Self.screen("player")
            player.modalPresentationStyle = .fullScreen
            detail.present(player, animated: false)
            XCTAssertEqual(Self.run(tracker, setup, for: 1, offset: 0.24), [
                "screen_ended detail#p7 1.0 3250ms", "screen_view player 1.0",
            ])
            let end = setup.sink.events.first { $0.kind == .screenEnded }
            XCTAssertEqual(try XCTUnwrap(end?.visibleDuration), 3.01, accuracy: Self.scanInterval)
        }
    }

    func testUnderAPageSheetThatLeavesItVisibleTheScreenKeepsCounting() throws {
        try MainActor.assumeIsolated {
            let (setup, navigation, detail, tracker) = Self.detailOverFeed()
            XCTAssertEqual(Self.run(tracker, setup, for: 1), ["screen_view detail#p7 1.0"])

            // A short sheet: a clear page sheet whose opaque card takes the lower 300 of 800 points, so
            // 500 / 800 of the detail stays visible, above the 0.5 screen rule.
            let share = Self.screen("share")
            share.modalPresentationStyle = .pageSheet
            detail.present(share, animated: false)
            Headless.settle()
            share.view.backgroundColor = nil
            let card = UIView(frame: CGRect(x: 0, y: share.view.bounds.height - 300, width: 400, height: 300))
            card.backgroundColor = UIColor(white: 1, alpha: 1)
            share.view.addSubview(card)
            XCTAssertEqual(Self.run(tracker, setup, for: 2), ["screen_view share 1.0"])
            let ratio = tracker.visibilityReport().entries.first { $0.subject == .screen(detail.trackingScreen!) }?.visibleRatio
            XCTAssertEqual(try XCTUnwrap(ratio), 500.0 / 800, accuracy: 0.001)

            share.dismiss(animated: false)
            XCTAssertEqual(Self.run(tracker, setup, for: 1), ["screen_ended share 1.0 2000ms"])

            navigation.popViewController(animated: false)
            // One span: 1 s alone, 2 s under the sheet, 1 s alone.
            XCTAssertEqual(Self.run(tracker, setup, for: 0.5), ["screen_ended detail#p7 1.0 4000ms", "screen_view feed 1.0"])
        }
    }

    func testUnderAPageSheetThatCoversItTheScreenStopsCounting() {
        MainActor.assumeIsolated {
            let (setup, _, detail, tracker) = Self.detailOverFeed()
            XCTAssertEqual(Self.run(tracker, setup, for: 1), ["screen_view detail#p7 1.0"])

            // An opaque page sheet leaves only its 56-point top inset of the detail: 0.07 of it.
            let compose = Self.screen("compose")
            compose.modalPresentationStyle = .pageSheet
            compose.view.backgroundColor = UIColor(white: 1, alpha: 1)
            detail.present(compose, animated: false)
            Headless.settle()
            XCTAssertEqual(Self.run(tracker, setup, for: 2), ["screen_ended detail#p7 1.0 1000ms", "screen_view compose 1.0"])

            compose.dismiss(animated: false)
            XCTAssertEqual(Self.run(tracker, setup, for: 1), ["screen_ended compose 1.0 2000ms", "screen_view detail#p7 1.0"])
            tracker.stop()
            XCTAssertEqual(setup.sink.events.last?.summary, "screen_ended detail#p7 1.0 875ms")
        }
    }

    func testEnteringTheBackgroundEndsTheSpanAtThatInstant() {
        MainActor.assumeIsolated {
            let (setup, _, _, tracker) = Self.detailOverFeed()
            tracker.start()
            defer { tracker.stop() }
            XCTAssertEqual(Self.run(tracker, setup, for: 1.5, settling: false), ["screen_view detail#p7 1.0"])

            Headless.enterBackground()
            // The move to the background delivers the end itself, at its own instant: 1.5 s after the push,
            // less the 0.125 s until the first scan saw the detail.
            XCTAssertEqual(setup.sink.events.map(\.summary), ["screen_view detail#p7 1.0", "screen_ended detail#p7 1.0 1375ms"])
            XCTAssertEqual(setup.sink.events.last?.timestamp, setup.clock.now().date)
            setup.clock.advance(by: 60)
            Headless.enterForeground()
            XCTAssertEqual(Self.run(tracker, setup, for: 1, settling: false), ["screen_view detail#p7 1.0"])
            Headless.enterBackground()
            XCTAssertEqual(setup.sink.events.last?.summary, "screen_ended detail#p7 1.0 875ms")
            XCTAssertEqual(setup.sink.events.map(\.kind), [.screenView, .screenEnded, .screenView, .screenEnded])
        }
    }

    func testAtTheMoveToTheBackgroundTheScreenEndsBeforeApplicationBackgrounded() {
        // Both follow from one notification with two observers (the scheduler's pause, the lifecycle events),
        // whose order NotificationCenter does not promise: the order of the events must not depend on it.
        MainActor.assumeIsolated {
            let (setup, _, _, _) = Self.detailOverFeed()
            var configuration = TrackingConfiguration.testing(clock: setup.clock, log: setup.log)
            configuration.tracksApplicationLifecycleEvents = true
            let tracker = Tracker(configuration: configuration, sinks: [setup.sink])
            tracker.start()
            defer { tracker.stop() }
            _ = Self.run(tracker, setup, for: 1, settling: false)
            Headless.enterBackground()
            setup.clock.advance(by: 10)
            Headless.enterForeground()
            XCTAssertEqual(setup.sink.events.map(\.summary).suffix(3), [
                "screen_ended detail#p7 1.0 875ms", "track Application Backgrounded 0.0", "track Application Opened 0.0",
            ])
        }
    }

    func testTimeInTheAppSwitcherDoesNotCountAndTheSpanGoesOn() {
        MainActor.assumeIsolated {
            let (setup, navigation, _, tracker) = Self.detailOverFeed()
            tracker.start()
            defer { tracker.stop() }
            XCTAssertEqual(Self.run(tracker, setup, for: 2, settling: false), ["screen_view detail#p7 1.0"])

            // Swiping up to the app switcher and back: inactive, never in the background. UIKit posts these.
            NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: UIApplication.shared)
            XCTAssertEqual(Self.run(tracker, setup, for: 10, settling: false), [])
            NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: UIApplication.shared)
            XCTAssertEqual(Self.run(tracker, setup, for: 1, settling: false), [], "no second screen view after the switcher")

            navigation.popViewController(animated: false)
            // Without running the main run loop: the started tracker's timer must not add a scan of its own.
            XCTAssertEqual(Self.run(tracker, setup, for: 0.5, settling: false), [
                "screen_ended detail#p7 1.0 3000ms", "screen_view feed 1.0",
            ])
            XCTAssertEqual(tracker.scheduledScanCount, 0)
        }
    }

    func testStoppingTheTrackerEndsTheSpanBeforeStopReturns() {
        MainActor.assumeIsolated {
            let (setup, _, _, tracker) = Self.detailOverFeed()
            tracker.start()
            XCTAssertEqual(Self.run(tracker, setup, for: 2, settling: false), ["screen_view detail#p7 1.0"])
            setup.clock.advance(by: 0.1)
            tracker.stop()
            XCTAssertEqual(setup.sink.events.map(\.summary), ["screen_view detail#p7 1.0", "screen_ended detail#p7 1.0 1975ms"])
            // Stopped, nothing is visible to anyone: a second stop ends nothing.
            tracker.stop()
            XCTAssertEqual(setup.sink.events.count, 2)
        }
    }

    func testScreensEndInTheOrderTheyStartedBeforeTheNextScreensView() {
        MainActor.assumeIsolated {
            let setup = Setup()
            let feed = Self.screen("feed")
            let tabs = UITabBarController()
            tabs.viewControllers = [feed, Self.screen("profile")]
            _ = Self.show(tabs)
            let tracker = Self.makeTracker(setup)
            XCTAssertEqual(Self.run(tracker, setup, for: 1), ["screen_view feed 1.0"])
            // A child screen (a tracked embedded controller) appears a second later.
            let stories = Self.screen("stories")
            feed.addChild(stories)
            stories.view.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
            feed.view.addSubview(stories.view)
            stories.didMove(toParent: feed)
            XCTAssertEqual(Self.run(tracker, setup, for: 1), ["screen_view stories 1.0"])

            Headless.tapTab(at: 1, in: tabs)
            Headless.settle()
            XCTAssertEqual(Self.run(tracker, setup, for: 0.5), [
                "screen_ended feed 1.0 2000ms", "screen_ended stories 1.0 1000ms", "screen_view profile 1.0",
            ])
        }
    }

    func testTurnedOffNoScreenEndedIsRecorded() {
        MainActor.assumeIsolated {
            let setup = Setup()
            var configuration = TrackingConfiguration.testing(clock: setup.clock, log: setup.log)
            configuration.recordsScreenEnded = false
            let navigation = UINavigationController(rootViewController: Self.screen("feed"))
            _ = Self.show(navigation)
            let tracker = Tracker(configuration: configuration, sinks: [setup.sink])
            XCTAssertEqual(Self.run(tracker, setup, for: 1), ["screen_view feed 1.0"])
            navigation.pushViewController(Self.screen("detail"), animated: false)
            XCTAssertEqual(Self.run(tracker, setup, for: 1), ["screen_view detail 1.0"])
            tracker.start()
            tracker.stop()
            XCTAssertEqual(setup.sink.events.map(\.kind), [.screenView, .screenView])
        }
    }

    func testUnderTheLifetimePolicyEverySpanStillEnds() {
        MainActor.assumeIsolated {
            let setup = Setup()
            var configuration = TrackingConfiguration.testing(clock: setup.clock, log: setup.log)
            configuration.screenViewPolicy = .oncePerTrackerLifetime
            let tabs = UITabBarController()
            tabs.viewControllers = [Self.screen("feed"), Self.screen("profile")]
            _ = Self.show(tabs)
            let tracker = Tracker(configuration: configuration, sinks: [setup.sink])
            XCTAssertEqual(Self.run(tracker, setup, for: 1), ["screen_view feed 1.0"])
            Headless.tapTab(at: 1, in: tabs)
            XCTAssertEqual(Self.run(tracker, setup, for: 1), ["screen_ended feed 1.0 1000ms", "screen_view profile 1.0"])
            Headless.tapTab(at: 0, in: tabs)
            // The feed's second span records no view, but its time is still the person's time on it.
            XCTAssertEqual(Self.run(tracker, setup, for: 2), ["screen_ended profile 1.0 1000ms"])
            Headless.tapTab(at: 1, in: tabs)
            XCTAssertEqual(Self.run(tracker, setup, for: 0.5), ["screen_ended feed 1.0 2000ms"])
        }
    }

    // MARK: - Private

    private static let scanInterval: TimeInterval = 0.25

    /// Like an app's scene delegate, the test keeps its windows alive: a window nobody holds goes away.
    @MainActor private static var shownWindows: [UIWindow] = []

    private struct Setup {
        let clock = ManualTrackingClock()
        let log = DiagnosticLog()
        let sink = InMemoryTrackingSink()
    }

    @MainActor
    private static func show(_ root: UIViewController) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
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
    private static func makeTracker(_ setup: Setup) -> Tracker {
        Tracker(configuration: .testing(clock: setup.clock, log: setup.log), sinks: [setup.sink])
    }

    /// A navigation controller showing a detail screen pushed over a feed, and a stopped tracker that has
    /// not scanned yet.
    @MainActor
    private static func detailOverFeed() -> (Setup, UINavigationController, UIViewController, Tracker) {
        let setup = Setup()
        let navigation = UINavigationController(rootViewController: screen("feed"))
        let detail = screen("detail", identifier: "p7")
        navigation.pushViewController(detail, animated: false)
        _ = show(navigation)
        return (setup, navigation, detail, makeTracker(setup))
    }

    /// Lets exactly `seconds` pass with a scan every ``scanInterval``, the first `offset` seconds from now,
    /// and returns the summaries of the events the scans delivered; `settling` first lets pending layout and
    /// transitions finish on the main run loop.
    @MainActor
    private static func run(
        _ tracker: Tracker, _ setup: Setup, for seconds: TimeInterval, offset: TimeInterval = scanInterval / 2,
        settling: Bool = true
    ) -> [String] {
        if settling { Headless.settle() }
        var summaries: [String] = []
        var elapsed: TimeInterval = 0
        var next = offset
        while next < seconds {
            setup.clock.advance(by: next - elapsed)
            elapsed = next
            Headless.runUpdateCycle()
            summaries += tracker.scanNow().map(\.summary)
            next += scanInterval
        }
        setup.clock.advance(by: seconds - elapsed)
        return summaries
    }
}
