import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 43: SwiftUI's opaque surfaces are not views, so an occluder anchor declares one: it hides the
/// anchors painted before it and the windows behind, though it is itself transparent; removed, the element
/// counts again.
final class AnchorOcclusionTests: HeadlessTestCase {
    func testAnOccluderAnchorOverATrackedAnchorHidesItAndRemovedTheElementCountsAgain() {
        MainActor.assumeIsolated {
            let host = AnchorFixture.hostingController(screen: "feed")
            let fixture = AnchorFixture(root: host)
            AnchorFixture.elementAnchor("card", frame: CGRect(x: 0, y: 100, width: 400, height: 200), in: host.view)
            AnchorFixture.elementAnchor("header", frame: CGRect(x: 0, y: 0, width: 400, height: 100), in: host.view)
            XCTAssertEqual(fixture.scan(), ["screen_view feed 1.0"])
            XCTAssertEqual(fixture.scan(after: 1), ["impression card @feed 1.0", "impression header @feed 1.0"])

            // A ZStack's opaque panel over the lower part (its anchor comes after the card's): the card is hidden,
            // the header and the screen (the panel's ancestor's view) are not.
            let panel = AnchorFixture.occluderAnchor(frame: CGRect(x: 0, y: 100, width: 400, height: 700), in: host.view)
            XCTAssertEqual(panel.backgroundColor.map(VisibilityScanner.isOpaque), false, "the anchor itself is transparent")
            XCTAssertEqual(fixture.scan(after: 0.25), [])
            XCTAssertEqual(fixture.verdict(of: .element(TrackingElement(elementType: "card"))), .occluded)
            XCTAssertEqual(fixture.verdict(of: .element(TrackingElement(elementType: "header"))), .visible)
            XCTAssertEqual(fixture.verdict(of: .screen(TrackingScreen(screenName: "feed"))), .visible)
            XCTAssertEqual(fixture.scan(after: 2), [])

            // The panel goes (SwiftUI dismantles its anchor): the card starts a new span.
            panel.removeFromSuperview()
            XCTAssertEqual(fixture.scan(after: 0.25), [])
            XCTAssertEqual(fixture.scan(after: 1), ["impression card @feed 1.0"])

            // A panel behind the card (earlier in the ZStack) hides nothing; one that stops being a cover neither.
            let behind = AnchorFixture.occluderAnchor(frame: host.view.bounds, in: host.view)
            host.view.sendSubviewToBack(behind)
            let front = AnchorFixture.occluderAnchor(frame: CGRect(x: 0, y: 100, width: 400, height: 200), in: host.view)
            front.isOccluder = false
            XCTAssertEqual(fixture.scan(after: 1), [])
            XCTAssertEqual(fixture.verdict(of: .element(TrackingElement(elementType: "card"))), .visible)
            XCTAssertEqual(fixture.sink.events.count, 4)
        }
    }

    func testAnOccluderAnchorInAWindowInFrontHidesAnchorsBehindAlsoWhileThatWindowIsLeftOut() {
        MainActor.assumeIsolated {
            let store = TrackingComponentStore()
            let scanner = VisibilityScanner(minimumVisibleRatio: 0.5, minimumAlpha: 0.01, store: store)
            let back = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            back.isHidden = false
            let card = TrackingAnchorView(store: store)
            card.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
            card.element = TrackingElement(elementType: "card")
            back.addSubview(card)
            // A clear window in front whose SwiftUI content paints an opaque sheet over the card, its anchor
            // nested in the hosting view's containers.
            let front = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            front.windowLevel = .alert
            front.isHidden = false
            let hostingView = UIView(frame: front.bounds)
            let container = UIView(frame: CGRect(x: 0, y: 200, width: 400, height: 600))
            let sheet = TrackingAnchorView(store: store)
            sheet.frame = container.bounds
            sheet.isOccluder = true
            container.addSubview(sheet)
            hostingView.addSubview(container)
            front.addSubview(hostingView)

            @MainActor func cardRatio(excludingFront: Bool) -> Double? {
                var result = ScanResult()
                scanner.scan(into: &result, excluding: ExcludedWindows(excludingFront ? [front] : []))
                return result.elements.first?.visibleRatio
            }
            XCTAssertEqual(cardRatio(excludingFront: false), 0.5)
            XCTAssertEqual(cardRatio(excludingFront: true), 0.5, "a window left out (a transition in flight) still covers")
            sheet.isOccluder = false
            XCTAssertEqual(cardRatio(excludingFront: false), 1)
            XCTAssertEqual(cardRatio(excludingFront: true), 1)
            withExtendedLifetime([back, front]) {}
        }
    }
}
