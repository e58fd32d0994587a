import XCTest
@testable import Tracking
import TestSupport
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The scanner's visibility rules, one case per test: scenarios 17 (hiding, alpha, size, clipping,
/// scrolling, sticking out), 18 (occlusion, page sheets) and 19 (screen attribution).
final class VisibilityScannerTests: HeadlessTestCase {
    // MARK: - Scenario 17: not visible

    func testFullyOnScreenElementIsVisibleWithRatioOne() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            tracked("a", CGRect(x: 10, y: 10, width: 100, height: 50), in: window)
            let result = scan()
            XCTAssertEqual(ids(result), ["a"])
            XCTAssertEqual(result.elements.first?.visibleRatio, 1)
            XCTAssertEqual(result.elements.first?.screenIndex, nil)
            XCTAssertEqual(result.viewsVisited, 2)
        }
    }

    func testHiddenElementIsNotVisible() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            tracked("hidden", CGRect(x: 0, y: 0, width: 100, height: 100), in: window).isHidden = true
            tracked("control", CGRect(x: 0, y: 100, width: 100, height: 100), in: window)
            XCTAssertEqual(ids(scan()), ["control"])
        }
    }

    func testElementUnderHiddenAncestorIsNotVisible() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let grandparent = plain(CGRect(x: 0, y: 0, width: 300, height: 300), in: window)
            let parent = plain(CGRect(x: 0, y: 0, width: 200, height: 200), in: grandparent)
            tracked("inner", CGRect(x: 0, y: 0, width: 100, height: 100), in: parent)
            grandparent.isHidden = true
            XCTAssertEqual(ids(scan()), [])
            grandparent.isHidden = false
            XCTAssertEqual(ids(scan()), ["inner"])
        }
    }

    func testElementInHiddenWindowIsNotVisible() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            tracked("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
            window.isHidden = true
            XCTAssertEqual(ids(scan()), [])
            XCTAssertEqual(ids(scan([window])), [])
        }
    }

    func testWindowsOfABackgroundSceneAreNotVisible() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            tracked("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
            Headless.enterBackground()
            XCTAssertEqual(ids(scan()), [], "a scene in the background shows nothing")
            Headless.enterForeground()
            XCTAssertEqual(ids(scan()), ["a"])
        }
    }

    func testAlphaProductBelowThresholdIsNotVisible() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let parent = plain(CGRect(x: 0, y: 0, width: 400, height: 400), in: window)
            parent.alpha = 0.1
            // 0.1 × 0.05 = 0.005 < 0.01, though each alpha alone clears the threshold.
            tracked("faint", CGRect(x: 0, y: 0, width: 100, height: 100), in: parent).alpha = 0.05
            tracked("dim", CGRect(x: 0, y: 100, width: 100, height: 100), in: parent).alpha = 0.2
            tracked("zero", CGRect(x: 0, y: 200, width: 100, height: 100), in: window).alpha = 0
            XCTAssertEqual(ids(scan()), ["dim"])
            XCTAssertEqual(ids(scan(alpha: 0.03)), [])
            XCTAssertEqual(ids(scan(alpha: 0)), ["faint", "dim"])
        }
    }

    func testZeroSizeElementIsNotVisible() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            tracked("no-width", CGRect(x: 10, y: 10, width: 0, height: 100), in: window)
            tracked("no-height", CGRect(x: 10, y: 10, width: 100, height: 0), in: window)
            XCTAssertEqual(ids(scan(ratio: 0)), [])
        }
    }

    func testElementOutsideTheWindowIsNotVisible() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            tracked("right", CGRect(x: 400, y: 0, width: 100, height: 100), in: window)
            tracked("above", CGRect(x: 0, y: -100, width: 100, height: 100), in: window)
            tracked("quarter", CGRect(x: 350, y: 750, width: 100, height: 100), in: window)
            XCTAssertEqual(ids(scan(ratio: 0)), ["quarter"])
            XCTAssertEqual(ratio(of: "quarter", in: scan(ratio: 0)), 0.25)
            XCTAssertEqual(ids(scan(ratio: 0.5)), [])
        }
    }

    func testElementClippedAwayByClippingAncestorIsNotVisible() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let container = plain(CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
            container.clipsToBounds = true
            let middle = plain(CGRect(x: 0, y: 0, width: 300, height: 300), in: container)
            tracked("outside", CGRect(x: 150, y: 0, width: 50, height: 50), in: middle)
            tracked("half", CGRect(x: 50, y: 0, width: 100, height: 50), in: middle)
            let result = scan(ratio: 0)
            XCTAssertEqual(ids(result), ["half"])
            XCTAssertEqual(ratio(of: "half", in: result), 0.5)
        }
    }

    func testElementScrolledOutOfScrollViewIsNotVisible() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 100, width: 400, height: 400))
            scrollView.clipsToBounds = true
            scrollView.contentSize = CGSize(width: 400, height: 2000)
            window.addSubview(scrollView)
            tracked("top", CGRect(x: 0, y: 0, width: 400, height: 100), in: scrollView)
            tracked("far", CGRect(x: 0, y: 1000, width: 400, height: 100), in: scrollView)
            XCTAssertEqual(ids(scan()), ["top"])

            scrollView.contentOffset = CGPoint(x: 0, y: 950)
            let result = scan(ratio: 0)
            XCTAssertEqual(ids(result), ["far"])
            XCTAssertEqual(ratio(of: "far", in: result), 1)

            scrollView.contentOffset = CGPoint(x: 0, y: 650)
            XCTAssertEqual(ratio(of: "far", in: scan(ratio: 0)), 0.5)
        }
    }

    func testChildStickingOutOfNonClippingParentIsVisibleWhereOnScreen() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let parent = plain(CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
            tracked("out", CGRect(x: 50, y: 50, width: 100, height: 100), in: parent)
            XCTAssertEqual(ratio(of: "out", in: scan()), 1)

            parent.clipsToBounds = true
            XCTAssertEqual(ratio(of: "out", in: scan(ratio: 0)), 0.25)
            XCTAssertEqual(ids(scan(ratio: 0.5)), [])
        }
    }

    func testChildOfZeroSizeOrOffscreenNonClippingParentIsVisible() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let empty = plain(CGRect(x: 10, y: 10, width: 0, height: 0), in: window)
            tracked("in-empty", CGRect(x: 0, y: 0, width: 50, height: 50), in: empty)
            let offscreen = plain(CGRect(x: -1000, y: 0, width: 100, height: 100), in: window)
            tracked("back-on-screen", CGRect(x: 1100, y: 0, width: 50, height: 50), in: offscreen)
            XCTAssertEqual(Set(ids(scan())), ["in-empty", "back-on-screen"])

            empty.clipsToBounds = true
            offscreen.clipsToBounds = true
            XCTAssertEqual(ids(scan(ratio: 0)), [])
        }
    }

    func testTransformedViewCountsByItsBoundingBox() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let scaled = plain(CGRect(x: 0, y: 0, width: 200, height: 200), in: window)
            scaled.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
            // Scaled about its centre: the parent now spans 50…150; the child's window box is 50…100.
            let child = tracked("scaled", CGRect(x: 0, y: 0, width: 100, height: 100), in: scaled)
            let result = scan()
            XCTAssertEqual(ratio(of: "scaled", in: result), 1)
            XCTAssertEqual(child.convert(child.bounds, to: nil), CGRect(x: 50, y: 50, width: 50, height: 50))
        }
    }

    // MARK: - Scenario 18: occlusion

    func testOpaqueViewInFrontHidesElement() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            tracked("covered", CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
            tracked("partly", CGRect(x: 200, y: 0, width: 100, height: 100), in: window)
            _ = plain(CGRect(x: 0, y: 0, width: 100, height: 100), in: window, background: white)
            _ = plain(CGRect(x: 200, y: 0, width: 60, height: 100), in: window, background: .black)
            XCTAssertEqual(ids(scan(ratio: 0.5)), [])
            let result = scan(ratio: 0.3)
            XCTAssertEqual(ids(result), ["partly"])
            XCTAssertEqual(ratio(of: "partly", in: result)!, 0.4, accuracy: 1e-12)
        }
    }

    func testOverlappingOccludersSubtractTheirUnionOnce() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            tracked("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
            _ = plain(CGRect(x: 0, y: 0, width: 60, height: 100), in: window, background: white)
            _ = plain(CGRect(x: 30, y: 0, width: 40, height: 50), in: window, background: white)
            _ = plain(CGRect(x: 50, y: 50, width: 20, height: 100), in: window, background: white)
            // Covered: 60×100 plus 10×50 (x 60…70, top) plus 10×50 (x 60…70, bottom) = 7,000 of 10,000.
            XCTAssertEqual(ratio(of: "a", in: scan(ratio: 0))!, 0.3, accuracy: 1e-12)
        }
    }

    func testTranslucentViewInFrontDoesNotHideElement() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            tracked("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
            tracked("b", CGRect(x: 100, y: 0, width: 100, height: 100), in: window)
            tracked("c", CGRect(x: 200, y: 0, width: 100, height: 100), in: window)
            _ = plain(CGRect(x: 0, y: 0, width: 100, height: 100), in: window, background: UIColor(white: 1, alpha: 0.5))
            plain(CGRect(x: 100, y: 0, width: 100, height: 100), in: window, background: white).alpha = 0.9
            _ = plain(CGRect(x: 200, y: 0, width: 100, height: 100), in: window, background: nil)
            XCTAssertEqual(ids(scan(ratio: 1)), ["a", "b", "c"])
        }
    }

    func testViewsBehindAncestorsAndDescendantsDoNotOcclude() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            _ = plain(CGRect(x: 0, y: 0, width: 400, height: 400), in: window, background: white) // behind
            let opaqueParent = plain(CGRect(x: 0, y: 0, width: 200, height: 200), in: window, background: white)
            let element = tracked("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: opaqueParent)
            element.backgroundColor = white
            _ = plain(CGRect(x: 0, y: 0, width: 100, height: 100), in: element, background: white) // its own content
            XCTAssertEqual(ids(scan(ratio: 1)), ["a"])
        }
    }

    func testOccluderInsideASiblingSubtreeOfAnAncestorHides() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let content = plain(CGRect(x: 0, y: 0, width: 400, height: 800), in: window)
            let list = plain(CGRect(x: 0, y: 0, width: 400, height: 800), in: content)
            tracked("row", CGRect(x: 0, y: 0, width: 400, height: 100), in: list)
            // A sticky header: a direct subview of a view on the path to the element.
            _ = plain(CGRect(x: 0, y: 0, width: 400, height: 80), in: content, background: white)
            XCTAssertEqual(ratio(of: "row", in: scan(ratio: 0))!, 0.2, accuracy: 1e-12)
        }
    }

    func testOpaqueViewBuriedInUntrackedSubtreeHides() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            tracked("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
            let overlay = plain(CGRect(x: 0, y: 0, width: 400, height: 800), in: window)
            let middle = plain(CGRect(x: 0, y: 0, width: 400, height: 800), in: overlay)
            let cover = plain(CGRect(x: 0, y: 0, width: 100, height: 60), in: middle, background: white)
            XCTAssertEqual(ratio(of: "a", in: scan(ratio: 0))!, 0.4, accuracy: 1e-12)
            cover.alpha = 0.99
            XCTAssertEqual(ratio(of: "a", in: scan(ratio: 0)), 1)
            cover.alpha = 1
            middle.isHidden = true
            XCTAssertEqual(ratio(of: "a", in: scan(ratio: 0)), 1)
        }
    }

    func testBuriedCoverPaintedBeforeTheElementHidesNothing() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let overlay = plain(CGRect(x: 0, y: 0, width: 400, height: 800), in: window)
            _ = plain(CGRect(x: 0, y: 0, width: 400, height: 800), in: overlay, background: white)
            tracked("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
            XCTAssertEqual(ratio(of: "a", in: scan(ratio: 0)), 1)
        }
    }

    func testBuriedCoverInAFrontWindowHidesAnElementBehind() {
        MainActor.assumeIsolated {
            let back = makeWindow()
            tracked("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: back)
            let front = makeWindow()
            let container = plain(CGRect(x: 0, y: 0, width: 400, height: 800), in: front)
            let clipper = plain(CGRect(x: 0, y: 50, width: 400, height: 25), in: container)
            clipper.clipsToBounds = true
            _ = plain(CGRect(x: 0, y: 0, width: 400, height: 800), in: clipper, background: white)
            XCTAssertEqual(ratio(of: "a", in: scan(ratio: 0))!, 0.75, accuracy: 1e-12)
            // Clipped away from the element: nothing under the clip can hide it.
            clipper.frame.origin.y = 300
            XCTAssertEqual(ratio(of: "a", in: scan(ratio: 0)), 1)
        }
    }

    func testPresentedPageSheetHidesThePresentingScreen() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let host = UIViewController()
            host.trackingScreen = TrackingScreen(screenName: "host")
            window.rootViewController = host
            tracked("host-button", CGRect(x: 100, y: 300, width: 200, height: 100), in: host.view)
            XCTAssertEqual(screens(scan()), ["host 1.0"])
            XCTAssertEqual(ids(scan()), ["host-button"])

            let sheet = UIViewController()
            sheet.modalPresentationStyle = .pageSheet
            sheet.trackingScreen = TrackingScreen(screenName: "sheet")
            sheet.view.backgroundColor = white
            tracked("sheet-button", CGRect(x: 0, y: 0, width: 400, height: 100), in: sheet.view)
            host.present(sheet, animated: false)
            Headless.settle()

            let result = scan()
            XCTAssertEqual(screens(result), ["sheet 1.0"])
            XCTAssertEqual(ids(result), ["sheet-button"])
            XCTAssertEqual(screenName(of: "sheet-button", in: result), "sheet")

            sheet.view.backgroundColor = UIColor(white: 1, alpha: 0.9)
            XCTAssertEqual(Set(ids(scan())), ["host-button", "sheet-button"])
        }
    }

    func testOpaqueFrontWindowHidesBackWindowButClearOneDoesNot() {
        MainActor.assumeIsolated {
            let back = makeWindow()
            tracked("back", CGRect(x: 0, y: 0, width: 100, height: 100), in: back)
            let front = makeWindow(CGRect(x: 0, y: 0, width: 400, height: 50))
            front.windowLevel = .alert
            XCTAssertEqual(ratio(of: "back", in: scan()), 1)
            front.backgroundColor = white
            XCTAssertEqual(ratio(of: "back", in: scan()), 0.5)
            // Reordering by level: the back window moved above the alert level now paints over it.
            back.windowLevel = UIWindow.Level(rawValue: 3000)
            XCTAssertEqual(ratio(of: "back", in: scan()), 1)
        }
    }

    func testWindowsAreOrderedByLevelThenLaterShownFirst() {
        MainActor.assumeIsolated {
            let first = makeWindow()
            let second = makeWindow()
            let alert = makeWindow()
            alert.windowLevel = .alert
            let third = makeWindow()
            let scanner = VisibilityScanner(minimumVisibleRatio: 0.5, minimumAlpha: 0.01)
            let order = scanner.orderedConnectedWindows()
            XCTAssertTrue(order.elementsEqual([alert, third, second, first], by: ===))
        }
    }

    // MARK: - Scenario 19: screen attribution

    func testElementIsAttributedToNearestControllerWithScreen() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let parent = UIViewController()
            parent.trackingScreen = TrackingScreen(screenName: "parent")
            window.rootViewController = parent
            tracked("in-parent", CGRect(x: 0, y: 0, width: 100, height: 100), in: parent.view)

            let child = UIViewController()
            child.trackingScreen = TrackingScreen(screenName: "child")
            parent.addChild(child)
            child.view.frame = CGRect(x: 0, y: 200, width: 400, height: 200)
            parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
            let wrapper = plain(CGRect(x: 0, y: 0, width: 400, height: 200), in: child.view)
            tracked("in-child", CGRect(x: 0, y: 0, width: 100, height: 100), in: wrapper)

            let untracked = UIViewController()
            parent.addChild(untracked)
            untracked.view.frame = CGRect(x: 0, y: 400, width: 400, height: 200)
            parent.view.addSubview(untracked.view)
            untracked.didMove(toParent: parent)
            tracked("in-untracked-child", CGRect(x: 0, y: 0, width: 100, height: 100), in: untracked.view)

            let result = scan()
            XCTAssertEqual(screens(result), ["parent 1.0", "child 1.0"])
            XCTAssertEqual(screenName(of: "in-parent", in: result), "parent")
            XCTAssertEqual(screenName(of: "in-child", in: result), "child")
            XCTAssertEqual(screenName(of: "in-untracked-child", in: result), "parent")
        }
    }

    func testElementKeepsScreenContextWhenScreenIsBelowThreshold() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let controller = UIViewController()
            controller.trackingScreen = TrackingScreen(screenName: "tall")
            controller.view.frame = CGRect(x: 0, y: 0, width: 400, height: 4000)
            window.addSubview(controller.view)
            tracked("top", CGRect(x: 0, y: 0, width: 100, height: 100), in: controller.view)
            let result = scan()
            XCTAssertEqual(screens(result), ["tall 0.2"])
            XCTAssertEqual(screenName(of: "top", in: result), "tall")
        }
    }

    func testElementThatIsARootViewBelongsToItsOwnScreen() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let controller = UIViewController()
            controller.trackingScreen = TrackingScreen(screenName: "card")
            window.rootViewController = controller
            controller.view.trackingElement = TrackingElement(elementType: "card", identifier: "root")
            XCTAssertEqual(screenName(of: "root", in: scan()), "card")
        }
    }

    func testNavigationPushAndTabSwitchShowOnlyTheTopScreen() {
        MainActor.assumeIsolated {
            let window = makeWindow()
            let first = UIViewController()
            first.trackingScreen = TrackingScreen(screenName: "first")
            let navigation = UINavigationController(rootViewController: first)
            let other = UIViewController()
            other.trackingScreen = TrackingScreen(screenName: "other")
            let tabs = UITabBarController()
            tabs.setViewControllers([navigation, other], animated: false)
            window.rootViewController = tabs
            Headless.settle()
            XCTAssertEqual(scan().screens.map(\.screen.screenName.rawValue), ["first"])

            let second = UIViewController()
            second.trackingScreen = TrackingScreen(screenName: "second")
            navigation.pushViewController(second, animated: false)
            Headless.settle()
            XCTAssertEqual(scan().screens.map(\.screen.screenName.rawValue), ["second"])

            tabs.selectedIndex = 1
            Headless.settle()
            XCTAssertEqual(scan().screens.map(\.screen.screenName.rawValue), ["other"])
        }
    }
}

// MARK: - Fixtures

@MainActor
private func makeWindow(_ frame: CGRect = CGRect(x: 0, y: 0, width: 400, height: 800)) -> UIWindow {
    let window = UIWindow(frame: frame)
    window.makeKeyAndVisible()
    return window
}

@MainActor
@discardableResult
private func tracked(_ id: String, _ frame: CGRect, in parent: UIView) -> UIView {
    let view = UIView(frame: frame)
    view.trackingElement = TrackingElement(elementType: "box", identifier: id)
    parent.addSubview(view)
    return view
}

@MainActor
private func plain(_ frame: CGRect, in parent: UIView, background: UIColor? = nil) -> UIView {
    let view = UIView(frame: frame)
    view.backgroundColor = background
    parent.addSubview(view)
    return view
}

@MainActor
private func scan(_ windows: [UIWindow]? = nil, ratio: Double = 0.5, alpha: Double = 0.01) -> ScanResult {
    let scanner = VisibilityScanner(minimumVisibleRatio: ratio, minimumAlpha: alpha)
    var result = ScanResult()
    if let windows {
        scanner.scan(windows: windows, into: &result)
    } else {
        scanner.scan(into: &result)
    }
    return result
}

private func ids(_ result: ScanResult) -> [String] {
    result.elements.map { $0.element.identifier ?? "?" }
}

private func ratio(of id: String, in result: ScanResult) -> Double? {
    result.elements.first { $0.element.identifier == id }?.visibleRatio
}

private func screenName(of id: String, in result: ScanResult) -> String? {
    guard let element = result.elements.first(where: { $0.element.identifier == id }),
          let index = element.screenIndex else { return nil }
    return result.screens[index].screen.screenName.rawValue
}

private func screens(_ result: ScanResult) -> [String] {
    result.screens.map { "\($0.screen.screenName.rawValue) \($0.visibleRatio)" }
}

@MainActor
private let white = UIColor(white: 1, alpha: 1)
