import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The weak-keyed component store behind `trackingElement` and `trackingScreen`.
final class ComponentStoreTests: HeadlessTestCase {
    func testElementSetGetReplaceRemove() {
        MainActor.assumeIsolated {
            let store = TrackingComponentStore()
            let view = UIView()
            let other = UIView()
            XCTAssertNil(store.element(for: view))
            store.setElement(TrackingElement(elementType: "a"), for: view)
            store.setElement(TrackingElement(elementType: "b"), for: other)
            XCTAssertEqual(store.element(for: view), TrackingElement(elementType: "a"))
            store.setElement(TrackingElement(elementType: "c"), for: view)
            XCTAssertEqual(store.element(for: view), TrackingElement(elementType: "c"))
            XCTAssertEqual(store.elementCount, 2)
            store.setElement(nil, for: view)
            XCTAssertNil(store.element(for: view))
            XCTAssertEqual(store.element(for: other), TrackingElement(elementType: "b"))
            XCTAssertEqual(store.elementCount, 1)
            store.setElement(nil, for: view)
            XCTAssertEqual(store.elements.entries.count, 1)
        }
    }

    func testPublicAccessorsUseTheSharedStore() {
        MainActor.assumeIsolated {
            let view = UIView()
            view.trackingElement = TrackingElement(elementType: "button", identifier: "1")
            XCTAssertEqual(view.trackingElement, TrackingElement(elementType: "button", identifier: "1"))
            XCTAssertEqual(TrackingComponentStore.shared.element(for: view), view.trackingElement)
            view.trackingElement = nil
            XCTAssertNil(TrackingComponentStore.shared.element(for: view))

            let controller = UIViewController()
            controller.trackingScreen = TrackingScreen(screenName: "profile")
            XCTAssertEqual(controller.trackingScreen, TrackingScreen(screenName: "profile"))
            XCTAssertFalse(controller.isViewLoaded, "setting a screen must not load the view")
            controller.trackingScreen = nil
            XCTAssertNil(controller.trackingScreen)
        }
    }

    func testDeadEntitiesTakeTheirComponentsAndArePurgedLazily() {
        MainActor.assumeIsolated {
            let store = TrackingComponentStore()
            let survivor = UIView()
            store.setElement(TrackingElement(elementType: "kept"), for: survivor)
            weak var weakView: UIView?
            weak var weakController: UIViewController?
            do {
                let view = UIView()
                let controller = UIViewController()
                store.setElement(TrackingElement(elementType: "gone"), for: view)
                store.setScreen(TrackingScreen(screenName: "gone"), for: controller)
                weakView = view
                weakController = controller
            }
            XCTAssertNil(weakView, "the store must not keep views alive")
            XCTAssertNil(weakController, "the store must not keep controllers alive")
            XCTAssertEqual(store.elementCount, 1)
            XCTAssertEqual(store.screenCount, 0)
            XCTAssertEqual(store.elements.entries.count, 2, "dead entries stay until purged")
            var seen: [String] = []
            store.forEachElement { _, element in seen.append(element.elementType.rawValue) }
            XCTAssertEqual(seen, ["kept"])

            store.purgeDeadEntries()
            XCTAssertEqual(store.elements.entries.count, 1)
            XCTAssertEqual(store.screens.entries.count, 0)
            XCTAssertEqual(store.element(for: survivor), TrackingElement(elementType: "kept"))
        }
    }

    func testScanPurgesDeadEntriesWithoutWalkingTheHierarchy() {
        MainActor.assumeIsolated {
            let store = TrackingComponentStore()
            var views = (0..<10).map { _ in UIView() }
            for (index, view) in views.enumerated() {
                store.setElement(TrackingElement(elementType: "temporary", identifier: "\(index)"), for: view)
            }
            views.removeAll()
            XCTAssertEqual(store.elements.entries.count, 10)
            XCTAssertEqual(store.elementCount, 0)
            var result = ScanResult()
            VisibilityScanner(minimumVisibleRatio: 0.5, minimumAlpha: 0.01, store: store).scan(into: &result)
            XCTAssertEqual(store.elements.entries.count, 0)
        }
    }

    func testScanPurgesDeadScreenEntriesToo() {
        MainActor.assumeIsolated {
            let store = TrackingComponentStore()
            let survivor = UIViewController()
            store.setScreen(TrackingScreen(screenName: "kept"), for: survivor)
            var controllers = (0..<5).map { _ in UIViewController() }
            for (index, controller) in controllers.enumerated() {
                store.setScreen(TrackingScreen(screenName: "temporary", identifier: "\(index)"), for: controller)
            }
            controllers.removeAll()
            XCTAssertEqual(store.screens.entries.count, 6)
            XCTAssertEqual(store.screenCount, 1)
            var result = ScanResult()
            VisibilityScanner(minimumVisibleRatio: 0.5, minimumAlpha: 0.01, store: store).scan(into: &result)
            XCTAssertEqual(store.screens.entries.count, 1)
            XCTAssertEqual(store.screen(for: survivor), TrackingScreen(screenName: "kept"))
        }
    }

    func testNewViewAtAReusedAddressDoesNotInheritADeadComponent() {
        MainActor.assumeIsolated {
            let store = TrackingComponentStore()
            // Views created and released in a loop usually reuse one address: none may see another's component.
            for index in 0..<20 {
                let view = UIView()
                XCTAssertNil(store.element(for: view), "iteration \(index)")
                store.setElement(TrackingElement(elementType: "v", identifier: "\(index)"), for: view)
                XCTAssertEqual(store.element(for: view)?.identifier, "\(index)")
            }
            XCTAssertLessThanOrEqual(store.elements.entries.count, 20)
            XCTAssertEqual(store.elementCount, 0)
        }
    }

    func testInsertsPurgeDeadEntriesWhenNoScanComes() {
        MainActor.assumeIsolated {
            let store = TrackingComponentStore()
            // Each dead view's address goes to a spacer that is kept, so no new view takes a dead slot over.
            var spacers: [UIView] = []
            for index in 0..<2_000 {
                do {
                    let view = UIView()
                    store.setElement(TrackingElement(elementType: "short_lived", identifier: "\(index)"), for: view)
                }
                spacers.append(UIView())
            }
            XCTAssertEqual(store.elementCount, 0)
            XCTAssertLessThanOrEqual(store.elements.entries.count, 128, "dead entries piled up without a scan")
            let survivor = UIView()
            store.setElement(TrackingElement(elementType: "kept"), for: survivor)
            XCTAssertEqual(store.element(for: survivor), TrackingElement(elementType: "kept"))
            XCTAssertEqual(spacers.count, 2_000)
        }
    }

    func testSwapRemovalKeepsEveryOtherEntryReachable() {
        MainActor.assumeIsolated {
            let store = TrackingComponentStore()
            let views = (0..<6).map { _ in UIView() }
            for (index, view) in views.enumerated() {
                store.setElement(TrackingElement(elementType: "v", identifier: "\(index)"), for: view)
            }
            store.setElement(nil, for: views[1])
            store.setElement(nil, for: views[4])
            store.setElement(nil, for: views[0])
            for (index, view) in views.enumerated() {
                let expected = [0, 1, 4].contains(index) ? nil : TrackingElement(elementType: "v", identifier: "\(index)")
                XCTAssertEqual(store.element(for: view), expected, "view \(index)")
            }
            XCTAssertEqual(store.elementCount, 3)
        }
    }
}
