import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The anchor view the SwiftUI modifiers place: invisible to the person (no colour, no touches, no
/// accessibility), an element only when it carries one, a new entity when its component changes, and gone
/// from the store with the view.
final class AnchorViewTests: HeadlessTestCase {
    func testAnAnchorNeverPaintsTakesTouchesOrSpeaksAndIsNoElementUnlessItCarriesOne() {
        MainActor.assumeIsolated {
            let store = TrackingComponentStore()
            let anchor = TrackingAnchorView(store: store)
            XCTAssertFalse(anchor.isOpaque)
            XCTAssertEqual(anchor.backgroundColor.map(VisibilityScanner.isOpaque), false)
            XCTAssertFalse(anchor.isUserInteractionEnabled)
            XCTAssertFalse(anchor.isAccessibilityElement)
            XCTAssertTrue(anchor.accessibilityElementsHidden)

            // Hit-testing passes through it to the hosting view it sits in.
            let hostingView = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            anchor.frame = hostingView.bounds
            hostingView.addSubview(anchor)
            XCTAssertTrue(hostingView.hitTest(CGPoint(x: 50, y: 50), with: nil) === hostingView)

            XCTAssertEqual(store.elementCount, 0)
            anchor.screen = TrackingScreen(screenName: "settings")
            anchor.isOccluder = true
            XCTAssertEqual(store.elementCount, 0, "a screen or occluder anchor is no element")
            anchor.element = TrackingElement(elementType: "toggle")
            XCTAssertEqual(store.elementCount, 1)
            anchor.removeComponents()
            XCTAssertNil(anchor.element)
            XCTAssertNil(anchor.screen)
            XCTAssertFalse(anchor.isOccluder)
            XCTAssertEqual(store.anchors.liveCount, 0)
        }
    }

    func testAnAnchorSwiftUIThrowsAwayTakesItsComponentsWithIt() {
        MainActor.assumeIsolated {
            let store = TrackingComponentStore()
            weak var gone: TrackingAnchorView?
            do {
                let anchor = TrackingAnchorView(store: store)
                anchor.element = TrackingElement(elementType: "row")
                anchor.environmentScreen = TrackingScreen(screenName: "list")
                gone = anchor
                XCTAssertEqual(store.elementCount, 1)
                XCTAssertEqual(store.anchors.liveCount, 1)
            }
            XCTAssertNil(gone)
            XCTAssertEqual(store.elementCount, 0)
            XCTAssertEqual(store.anchors.liveCount, 0)
            store.purgeDeadEntries()
            XCTAssertEqual(store.elements.entries.count + store.anchors.entries.count, 0)
        }
    }

    func testANewComponentOnTheSameAnchorIsANewImpressionTheSameOneIsNot() {
        MainActor.assumeIsolated {
            let host = AnchorFixture.hostingController(screen: "detail")
            let fixture = AnchorFixture(root: host)
            let anchor = AnchorFixture.elementAnchor("product", "a", frame: CGRect(x: 0, y: 0, width: 400, height: 400), in: host.view)
            XCTAssertEqual(fixture.scan(), ["screen_view detail 1.0"])
            XCTAssertEqual(fixture.scan(after: 1), ["impression product#a @detail 1.0"])
            // SwiftUI calls updateUIView with an unchanged component: nothing new.
            anchor.element = TrackingElement(elementType: "product", identifier: "a")
            XCTAssertEqual(fixture.scan(after: 1), [])
            // The view now shows another product: a new entity, with its own duration.
            anchor.element = TrackingElement(elementType: "product", identifier: "b")
            XCTAssertEqual(fixture.scan(after: 0.25), [], "first seen")
            XCTAssertEqual(fixture.scan(after: 0.99), [])
            XCTAssertEqual(fixture.scan(after: 0.01), ["impression product#b @detail 1.0"])
        }
    }

    func testApplyGivesEachRoleItsComponentsAndReplacesWhatTheAnchorCarried() {
        MainActor.assumeIsolated {
            let store = TrackingComponentStore()
            let anchor = TrackingAnchorView(store: store)
            let settings = TrackingScreen(screenName: "settings")
            let toggle = TrackingElement(elementType: "toggle")

            // What updateUIView does for `.trackingElement(_:)` inside `.trackingScreen(settings)`.
            anchor.apply(.element(toggle), environmentScreen: settings)
            XCTAssertEqual(anchor.element, toggle)
            XCTAssertEqual(store.anchor(for: anchor), TrackingAnchor(screen: nil, environmentScreen: settings, isOccluder: false))
            // The environment changes (the view moved out of the screen): the element stays, its screen goes.
            anchor.apply(.element(toggle), environmentScreen: nil)
            XCTAssertEqual(anchor.element, toggle)
            XCTAssertNil(store.anchor(for: anchor))
            // `.trackingElement(nil)`: nothing tracked, the environment kept nowhere.
            anchor.apply(.element(nil), environmentScreen: settings)
            XCTAssertNil(anchor.element)
            XCTAssertNil(store.anchor(for: anchor))

            anchor.apply(.screen(settings), environmentScreen: TrackingScreen(screenName: "outer"))
            XCTAssertEqual(store.anchor(for: anchor), TrackingAnchor(screen: settings, environmentScreen: nil, isOccluder: false))
            XCTAssertEqual(store.elementCount, 0)

            anchor.apply(.occluder, environmentScreen: settings)
            XCTAssertEqual(store.anchor(for: anchor), TrackingAnchor(screen: nil, environmentScreen: nil, isOccluder: true))
            anchor.apply(.screen(nil), environmentScreen: nil)
            XCTAssertNil(store.anchor(for: anchor))
        }
    }
}
