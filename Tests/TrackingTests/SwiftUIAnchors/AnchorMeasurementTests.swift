import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 41: anchors built as a hosting view builds them (siblings in one hosting view) are measured
/// like views: clipped by the scroll view a SwiftUI `ScrollView` or `List` is backed by, hidden by windows
/// in front, counted once per visibility span; lazy rows that come and go keep their identity in their
/// component, as reused cells do.
final class AnchorMeasurementTests: HeadlessTestCase {
    func testRowAnchorsInAScrollViewAreClippedByItAndCountOncePerSpan() {
        MainActor.assumeIsolated {
            let host = AnchorFixture.hostingController(screen: "catalog")
            let fixture = AnchorFixture(root: host)
            let scrollView = UIScrollView(frame: host.view.bounds)
            scrollView.clipsToBounds = true
            scrollView.contentSize = CGSize(width: 400, height: 2000)
            host.view.addSubview(scrollView)
            for row in 0..<10 {
                AnchorFixture.elementAnchor("row", "\(row)", frame: CGRect(x: 0, y: row * 200, width: 400, height: 200), in: scrollView)
            }

            XCTAssertEqual(fixture.scan(), ["screen_view catalog 1.0"])
            XCTAssertEqual(fixture.scan(after: 1), [
                "impression row#0 @catalog 1.0", "impression row#1 @catalog 1.0",
                "impression row#2 @catalog 1.0", "impression row#3 @catalog 1.0",
            ])
            XCTAssertEqual(fixture.scan(after: 1), [], "still visible: the same span")

            // Scrolled by two rows: rows 0 and 1 leave, 2 and 3 stay in their spans, 4 and 5 come in.
            scrollView.contentOffset = CGPoint(x: 0, y: 400)
            XCTAssertEqual(fixture.scan(after: 0.25), [])
            XCTAssertEqual(fixture.verdict(of: .element(TrackingElement(elementType: "row", identifier: "0"))), .clippedOrOffscreen)
            XCTAssertEqual(fixture.scan(after: 1), ["impression row#4 @catalog 1.0", "impression row#5 @catalog 1.0"])

            // Half a row out of the clip: row 6 shows 100 of its 200 points, 50 %, and counts.
            scrollView.contentOffset = CGPoint(x: 0, y: 500)
            XCTAssertEqual(fixture.scan(after: 0.25), [])
            XCTAssertEqual(fixture.scan(after: 1), ["impression row#6 @catalog 0.5"])

            // Back to the top: rows 0 and 1 start new spans.
            scrollView.contentOffset = .zero
            XCTAssertEqual(fixture.scan(after: 0.25), [])
            XCTAssertEqual(fixture.scan(after: 1), ["impression row#0 @catalog 1.0", "impression row#1 @catalog 1.0"])
            XCTAssertEqual(fixture.sink.events.count, 10)
        }
    }

    func testLazyRowsThatComeAndGoAreTheSameImpressionWhileOnScreenAndANewOneAfterLeaving() {
        MainActor.assumeIsolated {
            let host = AnchorFixture.hostingController(screen: "catalog")
            let fixture = AnchorFixture(root: host)
            let scrollView = UIScrollView(frame: host.view.bounds)
            scrollView.clipsToBounds = true
            host.view.addSubview(scrollView)
            // A LazyVStack keeps anchors only for the rows it has built: each build is a new anchor view.
            var built: [Int: TrackingAnchorView] = [:]
            @MainActor func build(_ rows: Range<Int>) {
                for (row, anchor) in built where !rows.contains(row) {
                    anchor.removeFromSuperview()
                    built[row] = nil
                }
                for row in rows where built[row] == nil {
                    built[row] = AnchorFixture.elementAnchor(
                        "row", "\(row)", frame: CGRect(x: 0, y: row * 400, width: 400, height: 400), in: scrollView
                    )
                }
            }
            build(0..<2)
            XCTAssertEqual(fixture.scan(), ["screen_view catalog 1.0"])
            XCTAssertEqual(fixture.scan(after: 1), ["impression row#0 @catalog 1.0", "impression row#1 @catalog 1.0"])

            // SwiftUI rebuilds row 1's platform view while it stays on screen: a new anchor, the same component.
            built[1]?.removeFromSuperview()
            built[1] = nil
            build(0..<2)
            XCTAssertEqual(fixture.scan(after: 1), [], "the same component on a new anchor continues its span")

            // Scrolled down two rows: rows 0 and 1 are thrown away, rows 2 and 3 built.
            scrollView.contentOffset = CGPoint(x: 0, y: 800)
            build(2..<4)
            XCTAssertEqual(fixture.scan(after: 0.25), [])
            XCTAssertEqual(fixture.scan(after: 1), ["impression row#2 @catalog 1.0", "impression row#3 @catalog 1.0"])
            XCTAssertEqual(TrackingComponentStore.shared.elementCount, 2, "thrown-away anchors leave the store")

            // Back: rows 0 and 1 are built again, new spans.
            scrollView.contentOffset = .zero
            build(0..<2)
            XCTAssertEqual(fixture.scan(after: 0.25), [])
            XCTAssertEqual(fixture.scan(after: 1), ["impression row#0 @catalog 1.0", "impression row#1 @catalog 1.0"])
        }
    }

    func testAnchorsAreHiddenByAnOpaqueWindowInFrontAndCountAgainWhenItGoes() {
        MainActor.assumeIsolated {
            let host = AnchorFixture.hostingController(screen: "catalog")
            let fixture = AnchorFixture(root: host)
            AnchorFixture.elementAnchor("banner", frame: CGRect(x: 0, y: 100, width: 400, height: 200), in: host.view)
            AnchorFixture.elementAnchor("footer", frame: CGRect(x: 0, y: 600, width: 400, height: 200), in: host.view)
            XCTAssertEqual(fixture.scan(), ["screen_view catalog 1.0"])
            XCTAssertEqual(fixture.scan(after: 1), ["impression banner @catalog 1.0", "impression footer @catalog 1.0"])

            // An opaque alert window over the upper half: the banner is hidden, the footer stays.
            let alert = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            alert.windowLevel = .alert
            alert.backgroundColor = UIColor(white: 1, alpha: 1)
            alert.isHidden = false
            fixture.otherWindows.append(alert)
            XCTAssertEqual(fixture.scan(after: 0.25), [])
            XCTAssertEqual(fixture.verdict(of: .element(TrackingElement(elementType: "banner"))), .occluded)
            XCTAssertEqual(fixture.scan(after: 2), [])

            alert.isHidden = true
            XCTAssertEqual(fixture.scan(after: 0.25), [])
            XCTAssertEqual(fixture.scan(after: 1), ["impression banner @catalog 1.0"])
        }
    }

    func testAnchorsInsideATranslucentOrHiddenHostingViewAreNotVisible() {
        MainActor.assumeIsolated {
            let root = AnchorFixture.hostingController(screen: "home")
            let fixture = AnchorFixture(root: root)
            // A hosting view contained in a UIKit screen, faded out by the app.
            let hostingView = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            root.view.addSubview(hostingView)
            AnchorFixture.elementAnchor("promo", frame: CGRect(x: 0, y: 0, width: 400, height: 400), in: hostingView)
            hostingView.alpha = 0.005
            XCTAssertEqual(fixture.scan(), ["screen_view home 1.0"])
            XCTAssertEqual(fixture.scan(after: 1), [])
            XCTAssertEqual(fixture.verdict(of: .element(TrackingElement(elementType: "promo"))), .transparent)
            hostingView.alpha = 1
            hostingView.isHidden = true
            XCTAssertEqual(fixture.scan(after: 1), [])
            hostingView.isHidden = false
            XCTAssertEqual(fixture.scan(after: 0.25), [])
            XCTAssertEqual(fixture.scan(after: 1), ["impression promo @home 1.0"])
        }
    }
}
