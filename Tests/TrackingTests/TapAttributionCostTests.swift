import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 45: a tap's attribution costs the same at 1,000 and at 10,000 views: no scan per tap. The cost
/// is counted (the views the attribution looked at), not timed; `TapBenchmark` times it.
final class TapAttributionCostTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            TapFixture.shownWindows.removeAll()
        }
        super.tearDown()
    }

    func testTheViewsATapLooksAtAreTheSameAt1000And10000Views() throws {
        try MainActor.assumeIsolated {
            let small = try Self.visits(viewCount: 1_000)
            let large = try Self.visits(viewCount: 10_000)
            XCTAssertEqual(small.events, [
                "tap promo_card @feed 1.0", "tap cell#0 @feed 1.0", "tap cell_title @feed 1.0", "tap swiftui_row#1 @sheet 1.0",
            ])
            XCTAssertEqual(large.events, small.events)
            XCTAssertEqual(large.visits, small.visits, "no view beyond those under the finger and their ancestors")
            // A few views each, none of the thousands of cells: for the promo card's button, the button and the
            // card (up to the tracked view), then the card, the screen's view and the window (seen?), the card
            // and the screen's view (the screen rule); for the cell's button 3 + 4 + 3; for the cell's title,
            // the three subviews under the finger, then 6 + 5 up to the window and to the screen; for the
            // SwiftUI row, two anchors front to back, then the row, the hosting view and the window (its
            // screen comes from SwiftUI's environment).
            XCTAssertEqual(small.visits, [7, 10, 14, 5])
        }
    }

    // MARK: - Helpers

    /// Builds a feed of tracked cells making `viewCount` views in all, with a promotion card and a small
    /// SwiftUI panel over it; taps four things and returns the views each tap looked at and the events.
    @MainActor
    private static func visits(viewCount: Int) throws -> (visits: [Int], events: [String]) {
        defer { TapFixture.shownWindows.removeAll() }
        let fixture = TapFixture()
        let feed = fixture.screen("feed")
        let window = fixture.show(feed)
        // A clipping list of cells (5 views each): cell, content, title, subtitle, button.
        let list = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        list.clipsToBounds = true
        feed.view.addSubview(list)
        let promo = UIView(frame: CGRect(x: 20, y: 620, width: 360, height: 80))
        promo.trackingElement = TrackingElement(elementType: "promo_card")
        promo.backgroundColor = .white
        promo.addSubview(UIButton(frame: CGRect(x: 10, y: 10, width: 100, height: 60)))
        feed.view.addSubview(promo)
        // A SwiftUI panel in a window of its own: a hosting view with a screen anchor and three rows.
        let panel = UIViewController()
        let panelWindow = fixture.show(panel, frame: CGRect(x: 0, y: 700, width: 400, height: 100))
        let sheet = TrackingScreen(screenName: "sheet")
        AnchorFixture.screenAnchor(sheet, frame: panel.view.bounds, in: panel.view)
        for row in 0..<3 {
            AnchorFixture.elementAnchor("swiftui_row", "\(row)", frame: CGRect(x: 0, y: CGFloat(row) * 30, width: 400, height: 30),
                                        in: panel.view, environmentScreen: sheet)
        }
        let fixed = Self.viewCount(in: window) + Self.viewCount(in: panelWindow)
        var index = 0
        while fixed + list.subviews.count * 5 + 5 <= viewCount {
            let cell = UIView(frame: CGRect(x: 0, y: CGFloat(index) * 100, width: 400, height: 100))
            cell.trackingElement = TrackingElement(elementType: "cell", identifier: "\(index)")
            let content = UIView(frame: cell.bounds)
            let title = UILabel(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
            if index == 0 { title.trackingElement = TrackingElement(elementType: "cell_title") }
            content.addSubview(title)
            content.addSubview(UILabel(frame: CGRect(x: 10, y: 50, width: 200, height: 30)))
            content.addSubview(UIButton(frame: CGRect(x: 300, y: 30, width: 80, height: 40)))
            cell.addSubview(content)
            list.addSubview(cell)
            index += 1
        }
        while Self.viewCount(in: window) + Self.viewCount(in: panelWindow) < viewCount {
            list.addSubview(UIView(frame: CGRect(x: 0, y: CGFloat(index) * 100, width: 400, height: 100)))
        }
        XCTAssertEqual(Self.viewCount(in: window) + Self.viewCount(in: panelWindow), viewCount)
        let tracker = fixture.startedTracker()
        defer { tracker.stop() }
        let capture = try XCTUnwrap(tracker.tapCapture)
        var visits: [Int] = []
        for (point, target) in [
            (CGPoint(x: 50, y: 650), window), (CGPoint(x: 320, y: 40), window), (CGPoint(x: 50, y: 20), window),
            (CGPoint(x: 200, y: 45), panelWindow),
        ] {
            fixture.tap(at: point, in: target)
            fixture.clock.advance(by: 2)
            visits.append(capture.viewsVisitedByLastTap)
        }
        return (visits, fixture.summaries)
    }

    /// The views in `view`'s tree, `view` included.
    @MainActor
    private static func viewCount(in view: UIView) -> Int {
        1 + view.subviews.reduce(0) { $0 + viewCount(in: $1) }
    }
}
