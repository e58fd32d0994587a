import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenarios 56-59: scroll depth and `elements_viewed` on `Screen Ended`, and exposure events, through real
/// (headless) touches, controllers and the tracker's own scans, on a manual clock.
///
/// The feed: a 400 × 800 window whose tracked screen holds a full-size vertical scroll view with 2,800
/// points of content, seven 400-point posts stacked in it.
final class EngagementTests: HeadlessTestCase {
    // MARK: - Scenario 56: scroll depth

    func testOneDragDownAndBackBeforeLiftingGivesTheDepthOfTheDeepestPoint() throws {
        try MainActor.assumeIsolated {
            let feed = Feed()
            let tracker = feed.tracker()
            XCTAssertEqual(tracker.scanNow().map(\.summary), ["screen_view feed 1.0"])
            feed.clock.advance(by: 1)
            XCTAssertEqual(tracker.scanNow().map(\.summary), ["impression post#p0 @feed 1.0", "impression post#p1 @feed 1.0"])

            // One finger: 600 points up (the content down) and back, in 10-point moves, then lifted. No scan
            // runs in between, as none does in `.tracking`.
            var deepest: CGFloat = 0
            let recorder = OffsetRecorder { deepest = max(deepest, $0.y) }
            feed.scrollView.delegate = recorder
            feed.drag(by: 600)
            XCTAssertEqual(deepest, 600)
            XCTAssertEqual(feed.scrollView.contentOffset.y, 0)
            feed.clock.advance(by: 1)
            XCTAssertEqual(tracker.scanNow(), [])

            tracker.stop()
            let end = try XCTUnwrap(feed.sink.events.last { $0.kind == .screenEnded })
            // (600 + 800) / 2800: where the finger turned, not where the content came to rest (800 / 2800).
            XCTAssertEqual(end.scrollDepth, 0.5)
            XCTAssertEqual(end.elementsViewed, 2)
            XCTAssertEqual(end.summary, "screen_ended feed 1.0 2000ms")
            XCTAssertEqual(feed.log.all, [])
            withExtendedLifetime(recorder) {}
        }
    }

    func testAScrollBetweenScansCountsWhereItRestsAndTheBottomInsetIsNotShown() {
        MainActor.assumeIsolated {
            let feed = Feed()
            // A 100-point bar over the bottom of the scroll view: UIKit adds it to adjustedContentInset.
            feed.scrollView.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 100, right: 0)
            let tracker = feed.tracker()
            tracker.scanNow()
            tracker.stop()
            XCTAssertEqual(feed.sink.events.last?.scrollDepth, 700.0 / 2800)

            tracker.start()
            tracker.scanNow()
            // The largest offset UIKit allows: 2800 + 100 − 800. All the content was above the bar.
            feed.scrollView.setContentOffset(CGPoint(x: 0, y: 2100), animated: false)
            feed.clock.advance(by: 0.25)
            tracker.scanNow()
            feed.scrollView.setContentOffset(.zero, animated: false)
            feed.clock.advance(by: 0.25)
            tracker.scanNow()
            tracker.stop()
            XCTAssertEqual(feed.sink.events.last?.scrollDepth, 1)
        }
    }

    func testAProgrammaticScrollJustBeforeTheScreenIsLeftCounts() {
        MainActor.assumeIsolated {
            let feed = Feed()
            let tracker = feed.tracker()
            tracker.scanNow()
            feed.scrollView.setContentOffset(CGPoint(x: 0, y: 1200), animated: false)
            // Covered before any scan saw the new offset: the scan that ends the span still measures it.
            let cover = UIViewController()
            cover.modalPresentationStyle = .fullScreen
            cover.view.backgroundColor = UIColor(white: 1, alpha: 1)
            feed.controller.present(cover, animated: false)
            Headless.settle()
            feed.clock.advance(by: 0.5)
            XCTAssertEqual(tracker.scanNow().map(\.kind), [.screenEnded])
            XCTAssertEqual(feed.sink.events.last?.scrollDepth, 2000.0 / 2800)
        }
    }

    func testTheMainScrollViewIsTheLargestVerticalOneAndAScreenWithoutOneHasNoDepth() throws {
        try MainActor.assumeIsolated {
            let feed = Feed()
            // A carousel scrolls sideways only: never the main one, however large.
            let carousel = UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            carousel.contentSize = CGSize(width: 1600, height: 800)
            feed.controller.view.insertSubview(carousel, at: 0)
            // A smaller vertical scroll view loses to the feed by visible area.
            let notes = UIScrollView(frame: CGRect(x: 0, y: 600, width: 400, height: 200))
            notes.contentSize = CGSize(width: 400, height: 1000)
            feed.controller.view.addSubview(notes)
            let tracker = feed.tracker()
            tracker.scanNow()
            let screen = try XCTUnwrap(feed.controller.trackingScreen)
            XCTAssertTrue(try XCTUnwrap(tracker.scrollDepths).mainScrollView(of: screen) === feed.scrollView)

            feed.scrollView.removeFromSuperview()
            carousel.removeFromSuperview()
            notes.removeFromSuperview()
            tracker.stop()
            tracker.start()
            tracker.scanNow()
            XCTAssertNil(try XCTUnwrap(tracker.scrollDepths).mainScrollView(of: screen))
            tracker.stop()
            let ends = feed.sink.events.filter { $0.kind == .screenEnded }
            XCTAssertEqual(ends.map(\.scrollDepth), [800.0 / 2800, nil])
            XCTAssertEqual(ends.map(\.elementsViewed), [0, 0])
        }
    }

    // MARK: - Scenario 57: elements viewed

    func testElementsViewedIsTheSpansImpressions() throws {
        try MainActor.assumeIsolated {
            let feed = Feed()
            let tracker = feed.tracker()
            tracker.scanNow()
            feed.clock.advance(by: 1)
            XCTAssertEqual(tracker.scanNow().count, 2)
            // Down to posts 2 and 3 for a second, then to 4 and 5 for half a second (not long enough).
            feed.scrollView.setContentOffset(CGPoint(x: 0, y: 800), animated: false)
            tracker.scanNow()
            feed.clock.advance(by: 1)
            XCTAssertEqual(tracker.scanNow().map(\.summary), ["impression post#p2 @feed 1.0", "impression post#p3 @feed 1.0"])
            feed.scrollView.setContentOffset(CGPoint(x: 0, y: 1600), animated: false)
            tracker.scanNow()
            feed.clock.advance(by: 0.5)
            tracker.scanNow()
            tracker.stop()
            let end = try XCTUnwrap(feed.sink.events.last)
            XCTAssertEqual(end.kind, .screenEnded)
            XCTAssertEqual(end.elementsViewed, 4)
            XCTAssertEqual(end.scrollDepth, 2400.0 / 2800)
        }
    }

    // MARK: - Scenario 58: exposure

    func testExposureEndsWhenScrolledAwayWithTheExactVisibleTime() {
        MainActor.assumeIsolated {
            let feed = Feed(reportsExposure: true)
            let tracker = feed.tracker()
            tracker.scanNow()
            feed.clock.advance(by: 1.5)
            tracker.scanNow()
            feed.clock.advance(by: 1.25)
            // Post 0 leaves; post 1 stays, 0.75 visible.
            feed.scrollView.setContentOffset(CGPoint(x: 0, y: 500), animated: false)
            XCTAssertEqual(tracker.scanNow().map(\.summary), ["exposure post#p0 @feed 1.0 2750ms"])
            feed.clock.advance(by: 0.5)
            tracker.stop()
            XCTAssertEqual(feed.sink.events.suffix(2).map(\.summary), [
                "screen_ended feed 1.0 3250ms", "exposure post#p1 @feed 1.0 3250ms",
            ])
            XCTAssertEqual(feed.log.all, [])
        }
    }

    func testExposureEndsAtACoverAndLeavesOutInactiveTime() {
        MainActor.assumeIsolated {
            let feed = Feed(reportsExposure: true)
            let tracker = feed.tracker()
            tracker.start()
            tracker.scanNow()
            feed.clock.advance(by: 1)
            tracker.scanNow()
            // Four seconds in the app switcher: inactive, not ended.
            NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: UIApplication.shared)
            feed.clock.advance(by: 4)
            NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: UIApplication.shared)
            feed.clock.advance(by: 0.5)
            XCTAssertEqual(tracker.scanNow(), [])

            // An opaque view over the whole window (a HUD, a custom overlay): no settling, so the started
            // tracker's own timer cannot scan in between.
            let cover = UIView(frame: feed.window.bounds)
            cover.backgroundColor = UIColor(white: 1, alpha: 1)
            feed.window.addSubview(cover)
            feed.clock.advance(by: 0.25)
            XCTAssertEqual(tracker.scanNow().map(\.summary), [
                "screen_ended feed 1.0 1750ms",
                "exposure post#p0 @feed 1.0 1750ms", "exposure post#p1 @feed 1.0 1750ms",
            ])
            tracker.stop()
        }
    }

    func testExposureEndsAtTheBackgroundAtThatInstant() {
        MainActor.assumeIsolated {
            let feed = Feed(reportsExposure: true)
            let tracker = feed.tracker()
            tracker.start()
            defer { tracker.stop() }
            tracker.scanNow()
            feed.clock.advance(by: 2.125)
            tracker.scanNow()
            feed.clock.advance(by: 0.5)
            Headless.enterBackground()
            XCTAssertEqual(feed.sink.events.suffix(3).map(\.summary), [
                "screen_ended feed 1.0 2625ms",
                "exposure post#p0 @feed 1.0 2625ms", "exposure post#p1 @feed 1.0 2625ms",
            ])
            XCTAssertEqual(feed.sink.events.last?.timestamp, feed.clock.now().date)
        }
    }

    func testAHiddenElementEndsItsExposureAndASpanThatNeverQualifiedSendsNone() {
        MainActor.assumeIsolated {
            let feed = Feed(reportsExposure: true)
            let tracker = feed.tracker()
            tracker.scanNow()
            feed.clock.advance(by: 1)
            tracker.scanNow()
            feed.posts[1].isHidden = true
            feed.clock.advance(by: 0.25)
            XCTAssertEqual(tracker.scanNow().map(\.summary), ["exposure post#p1 @feed 1.0 1250ms"])
            // Back for 0.75 s only: below the impression's second, so its end sends nothing.
            feed.posts[1].isHidden = false
            tracker.scanNow()
            feed.clock.advance(by: 0.75)
            feed.posts[1].isHidden = true
            XCTAssertEqual(tracker.scanNow(), [])
            tracker.stop()
            XCTAssertEqual(feed.sink.events.filter { $0.kind == .exposure }.map(\.summary), [
                "exposure post#p1 @feed 1.0 1250ms", "exposure post#p0 @feed 1.0 2000ms",
            ])
        }
    }

    func testExposureCarriesTheLargestRatioOfItsSpan() throws {
        try MainActor.assumeIsolated {
            let feed = Feed(reportsExposure: true)
            // Post 1 half under the bottom edge, then fully shown, then 0.75 shown.
            feed.scrollView.contentOffset = CGPoint(x: 0, y: -200)
            let tracker = feed.tracker()
            tracker.scanNow()
            feed.scrollView.contentOffset = .zero
            feed.clock.advance(by: 1)
            tracker.scanNow()
            feed.scrollView.contentOffset = CGPoint(x: 0, y: -100)
            feed.clock.advance(by: 1)
            tracker.scanNow()
            tracker.stop()
            let exposure = try XCTUnwrap(feed.sink.events.last { $0.kind == .exposure && $0.identifier == "p1" })
            XCTAssertEqual(exposure.visibleRatio, 1)
            XCTAssertEqual(exposure.visibleDuration, 2)
        }
    }

    func testAnotherScreenEndsTheExposuresOfTheScreenLeft() {
        MainActor.assumeIsolated {
            let feed = Feed(reportsExposure: true)
            let tracker = feed.tracker()
            tracker.scanNow()
            feed.clock.advance(by: 1.5)
            tracker.scanNow()
            let detail = UIViewController()
            detail.trackingScreen = TrackingScreen(screenName: "detail")
            detail.modalPresentationStyle = .fullScreen
            detail.view.backgroundColor = UIColor(white: 1, alpha: 1)
            feed.controller.present(detail, animated: false)
            Headless.settle()
            feed.clock.advance(by: 0.5)
            XCTAssertEqual(tracker.scanNow().map(\.summary), [
                "screen_ended feed 1.0 2000ms", "screen_view detail 1.0",
                "exposure post#p0 @feed 1.0 2000ms", "exposure post#p1 @feed 1.0 2000ms",
            ])
        }
    }

    func testAPanAfterTheTrackerIsGoneCallsNothingAndARestartedTrackerStillMeasuresTheDrag() {
        MainActor.assumeIsolated {
            let feed = Feed()
            var tracker: Tracker? = feed.tracker()
            tracker?.scanNow()
            // Released while its target is still on the scroll view's pan: the drag calls nothing.
            tracker = nil
            feed.drag(by: 300)

            let second = feed.tracker()
            second.scanNow()
            second.stop()
            second.start()
            second.scanNow()
            // Stopped and started: the new span gets the drag's depth.
            feed.drag(by: 600)
            second.stop()
            XCTAssertEqual(feed.sink.events.filter { $0.kind == .screenEnded }.map(\.scrollDepth), [800.0 / 2800, 0.5])
            XCTAssertEqual(feed.log.all, [])
        }
    }

    // MARK: - Scenario 59: the per-element override

    func testThePerElementOverrideTurnsExposureOnAndOffForOneElement() {
        MainActor.assumeIsolated {
            for configured in [false, true] {
                Headless.reset()
                let feed = Feed(reportsExposure: configured)
                // Post 1 says the opposite of the configuration.
                feed.posts[1].trackingElement?.reportsExposure = !configured
                let tracker = feed.tracker()
                tracker.scanNow()
                feed.clock.advance(by: 1)
                tracker.scanNow()
                tracker.stop()
                let exposed = feed.sink.events.filter { $0.kind == .exposure }.compactMap(\.identifier)
                XCTAssertEqual(exposed, configured ? ["p0"] : ["p1"])
            }
        }
    }

    // MARK: - Private

    /// The feed, its window and a sink on a manual clock.
    @MainActor
    private final class Feed {
        let clock = ManualTrackingClock()
        let log = DiagnosticLog()
        let sink = InMemoryTrackingSink()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let controller = UIViewController()
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        var posts: [UIView] = []
        let reportsExposure: Bool

        init(reportsExposure: Bool = false) {
            self.reportsExposure = reportsExposure
            controller.trackingScreen = TrackingScreen(screenName: "feed")
            window.rootViewController = controller
            window.makeKeyAndVisible()
            Headless.settle()
            scrollView.contentSize = CGSize(width: 400, height: 2800)
            controller.view.addSubview(scrollView)
            for index in 0..<7 {
                let post = UIView(frame: CGRect(x: 0, y: index * 400, width: 400, height: 400))
                post.trackingElement = TrackingElement(elementType: "post", identifier: "p\(index)")
                scrollView.addSubview(post)
                posts.append(post)
            }
        }

        func tracker() -> Tracker {
            var configuration = TrackingConfiguration.testing(clock: clock, log: log)
            configuration.reportsElementExposure = reportsExposure
            return Tracker(configuration: configuration, sinks: [sink])
        }

        /// One finger from y 700 up by `distance` and back down, in 10-point moves, then lifted.
        func drag(by distance: Int) {
            var time = clock.now().uptime
            let finger = Headless.touchDown(at: CGPoint(x: 200, y: 700), in: window, timestamp: time)
            for step in stride(from: 10, through: distance, by: 10) {
                time += 0.01
                finger.move(to: CGPoint(x: 200, y: 700 - step), timestamp: time)
            }
            for step in stride(from: distance - 10, through: 0, by: -10) {
                time += 0.01
                finger.move(to: CGPoint(x: 200, y: 700 - step), timestamp: time)
            }
            finger.lift(timestamp: time)
        }
    }

    /// Hears every offset the scroll view takes.
    @MainActor
    private final class OffsetRecorder: NSObject, UIScrollViewDelegate {
        private let onScroll: (CGPoint) -> Void

        init(_ onScroll: @escaping (CGPoint) -> Void) {
            self.onScroll = onScroll
        }

        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            onScroll(scrollView.contentOffset)
        }
    }
}
