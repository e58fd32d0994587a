import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 24 end to end: opaque covers buried deep in the hierarchy hide what they cover, through a real
/// tracker, headless windows and controllers, a manual clock and explicit scans; uncovered, an element
/// counts again as a new visibility span.
final class TrackerOcclusionTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            Self.shownWindows.removeAll()
        }
        super.tearDown()
    }

    // MARK: - Scenario 24

    func testCardInATranslucentDimmingViewOfAnUntrackedChildControllerHidesTheElementUnderIt() {
        MainActor.assumeIsolated {
            let (feed, clock, sink, tracker) = Self.feedWithTracker()
            Self.tracked("header_button", frame: CGRect(x: 20, y: 100, width: 200, height: 44), in: feed.view)
            Self.tracked("spark_button", frame: CGRect(x: 20, y: 600, width: 200, height: 100), in: feed.view)
            XCTAssertEqual(Self.scan(tracker, clock), ["screen_view feed 1.0"])
            XCTAssertEqual(Self.scan(tracker, clock, after: 1), [
                "impression header_button @feed 1.0", "impression spark_button @feed 1.0",
            ])

            // A custom bottom sheet: an untracked child controller whose view holds a translucent dimming view
            // over the whole screen, holding an opaque card over the lower part.
            let sheet = UIViewController()
            feed.addChild(sheet)
            sheet.view.frame = feed.view.bounds
            sheet.view.backgroundColor = nil
            let dimming = UIView(frame: sheet.view.bounds)
            dimming.backgroundColor = UIColor(white: 0, alpha: 0.4)
            let card = UIView(frame: CGRect(x: 0, y: 500, width: 400, height: 300))
            card.backgroundColor = UIColor(white: 1, alpha: 1)
            dimming.addSubview(card)
            sheet.view.addSubview(dimming)
            feed.view.addSubview(sheet.view)
            sheet.didMove(toParent: feed)

            // The dimmed header stays in its span; the covered button leaves its span.
            XCTAssertEqual(Self.scan(tracker, clock, after: 0.25), [])
            XCTAssertEqual(Self.scan(tracker, clock, after: 2), [])

            sheet.willMove(toParent: nil)
            sheet.view.removeFromSuperview()
            sheet.removeFromParent()
            XCTAssertEqual(Self.scan(tracker, clock, after: 0.25), [])
            XCTAssertEqual(Self.scan(tracker, clock, after: 1), ["impression spark_button @feed 1.0"])
            XCTAssertEqual(sink.events.map(\.kind), [.screenView, .impression, .impression, .impression])
        }
    }

    func testHUDNestedInContainersHidesTheCellUntilItGoesAway() {
        MainActor.assumeIsolated {
            let (feed, clock, sink, tracker) = Self.feedWithTracker()
            Self.tracked("feed_cell", frame: CGRect(x: 0, y: 300, width: 400, height: 200), in: feed.view)
            // A loading HUD three levels down: a clear overlay, a clipping clear container, the opaque HUD.
            let overlay = UIView(frame: feed.view.bounds)
            let container = UIView(frame: CGRect(x: 0, y: 250, width: 300, height: 300))
            container.clipsToBounds = true
            let hud = UIView(frame: CGRect(x: 0, y: 0, width: 600, height: 600))
            hud.backgroundColor = UIColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
            container.addSubview(hud)
            overlay.addSubview(container)
            overlay.isHidden = true
            feed.view.addSubview(overlay)

            XCTAssertEqual(Self.scan(tracker, clock), ["screen_view feed 1.0"])
            XCTAssertEqual(Self.scan(tracker, clock, after: 1), ["impression feed_cell @feed 1.0"])

            // The HUD, clipped to 300 × 300, covers 300 of the cell's 400 points: 0.25 of it is left.
            overlay.isHidden = false
            XCTAssertEqual(Self.scan(tracker, clock, after: 0.25), [])
            XCTAssertEqual(Self.scan(tracker, clock, after: 1), [])
            let cell = tracker.visibilityReport().entries.first { $0.subject == .element(TrackingElement(elementType: "feed_cell")) }
            XCTAssertEqual(cell?.visibleRatio, 0.25)
            XCTAssertEqual(cell?.verdict, .occluded)

            overlay.isHidden = true
            XCTAssertEqual(Self.scan(tracker, clock, after: 0.25), [])
            XCTAssertEqual(Self.scan(tracker, clock, after: 1), ["impression feed_cell @feed 1.0"])
            XCTAssertEqual(sink.events.map(\.kind), [.screenView, .impression, .impression])
        }
    }

    func testOpaqueToolbarBackgroundDrawnByANestedSubviewCoversPartOfACell() {
        MainActor.assumeIsolated {
            let (feed, clock, _, tracker) = Self.feedWithTracker()
            Self.tracked("feed_cell", frame: CGRect(x: 0, y: 660, width: 400, height: 100), in: feed.view)
            // The toolbar itself is clear; its background is a nested opaque subview.
            let toolbar = UIView(frame: CGRect(x: 0, y: 740, width: 400, height: 60))
            let background = UIView(frame: toolbar.bounds)
            background.backgroundColor = UIColor(white: 0.97, alpha: 1)
            toolbar.addSubview(background)
            let wrapper = UIView(frame: feed.view.bounds)
            wrapper.addSubview(toolbar)
            feed.view.addSubview(wrapper)

            XCTAssertEqual(Self.scan(tracker, clock), ["screen_view feed 1.0"])
            XCTAssertEqual(Self.scan(tracker, clock, after: 1), ["impression feed_cell @feed 0.8"])
        }
    }

    // MARK: - Private

    /// Like an app's scene delegate, the test keeps its windows alive: a window nobody holds goes away.
    @MainActor private static var shownWindows: [UIWindow] = []

    /// A tracked "feed" screen shown as the root of a 400 × 800 window, and a tracker on a manual clock
    /// that records impressions after 1 s at 50 %.
    @MainActor
    private static func feedWithTracker() -> (UIViewController, ManualTrackingClock, InMemoryTrackingSink, Tracker) {
        let feed = UIViewController()
        feed.trackingScreen = TrackingScreen(screenName: "feed")
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.rootViewController = feed
        window.makeKeyAndVisible()
        shownWindows.append(window)
        Headless.settle()
        let clock = ManualTrackingClock()
        let sink = InMemoryTrackingSink()
        var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
        configuration.minimumVisibleDuration = 1
        return (feed, clock, sink, Tracker(configuration: configuration, sinks: [sink]))
    }

    @MainActor
    @discardableResult
    private static func tracked(_ type: TrackingElementType, frame: CGRect, in parent: UIView) -> UIView {
        let view = UIView(frame: frame)
        view.trackingElement = TrackingElement(elementType: type)
        parent.addSubview(view)
        return view
    }

    @MainActor
    private static func scan(_ tracker: Tracker, _ clock: ManualTrackingClock, after seconds: TimeInterval = 0) -> [String] {
        clock.advance(by: seconds)
        Headless.runUpdateCycle()
        return tracker.scanNow().map(\.summary)
    }
}
