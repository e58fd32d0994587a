#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import TestSupport
import XCTest

/// `UIView.viewControllerForPresentation()`, `UIViewController.isDetached` and `UIResponder.next(of:)`.
final class ResponderChainTests: HeadlessTestCase {
    // MARK: - viewControllerForPresentation()

    func testPresentsFromTheNearestControllerWhenNothingIsPresented() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = RecordingViewController("B", log: log)
            let button = UIButton()
            let container = UIView()
            container.addSubview(button)
            host.view.addSubview(container)
            nav.pushViewController(host, animated: false)

            XCTAssertTrue(button.viewControllerForPresentation() === host)
            XCTAssertTrue(host.view.viewControllerForPresentation() === host)
            XCTAssertTrue(nav.navigationBar.viewControllerForPresentation() === nav)
            _ = window
        }
    }

    func testPresentsFromTheTopMostPresentedController() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = RecordingViewController("B", log: log)
            let label = UILabel()
            host.view.addSubview(label)
            nav.pushViewController(host, animated: false)
            let cover = UIViewController()
            cover.modalPresentationStyle = .fullScreen
            let sheet = UIViewController()

            host.present(cover, animated: false)
            XCTAssertTrue(label.viewControllerForPresentation() === cover)
            cover.present(sheet, animated: false)
            XCTAssertTrue(label.viewControllerForPresentation() === sheet)
            XCTAssertTrue(cover.view.viewControllerForPresentation() === sheet)

            // What it returns can present.
            let alert = UIViewController()
            label.viewControllerForPresentation()?.present(alert, animated: false)
            XCTAssertTrue(alert.presentingViewController === sheet)
            _ = window
        }
    }

    func testViewOwnedByNoControllerUsesItsWindowsRoot() {
        MainActor.assumeIsolated {
            let root = UIViewController()
            let window = showInWindow(root)
            let overlay = UIView()
            window.addSubview(overlay)
            XCTAssertTrue(overlay.viewControllerForPresentation() === root)

            XCTAssertNil(UIView().viewControllerForPresentation())
            let bareWindow = UIWindow(frame: UIScreen.main.bounds)
            XCTAssertNil(bareWindow.viewControllerForPresentation())
        }
    }

    func testAViewControllerIsFoundBeforeTheSceneAndTheApplicationDelegate() {
        MainActor.assumeIsolated {
            // An app delegate that is a responder and a controller type sits at the very end of the chain,
            // after the window's scene: a view in a controller's hierarchy must still find that controller.
            let delegate = ResponderAppDelegate()
            UIApplication.shared.delegate = delegate
            defer { UIApplication.shared.delegate = nil }
            let root = UIViewController()
            let window = showInWindow(root)
            let overlay = UIView()
            window.addSubview(overlay)

            XCTAssertTrue(overlay.viewControllerForPresentation() === root, "past the window, nothing is a controller")
            XCTAssertTrue(overlay.next(of: LogoutHandling.self) === delegate, "through the scene and the application")
            XCTAssertTrue(root.view.next(of: LogoutHandling.self) === delegate)
            XCTAssertTrue(window.next(of: UIApplicationDelegate.self) === delegate)
        }
    }

    // MARK: - isDetached

    func testIsDetached() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let loose = UIViewController()
            XCTAssertTrue(loose.isDetached)
            XCTAssertFalse(loose.isViewLoaded, "isDetached never loads the view")

            let (nav, window) = makeNavigation(log: log)
            XCTAssertFalse(nav.isDetached, "a window's root")
            let pushed = UIViewController()
            nav.pushViewController(pushed, animated: false)
            XCTAssertFalse(pushed.isDetached, "a child")
            nav.popViewController(animated: false)
            XCTAssertTrue(pushed.isDetached, "popped")

            let presented = UIViewController()
            nav.present(presented, animated: false)
            XCTAssertFalse(presented.isDetached, "presented")
            nav.dismiss(animated: false)
            XCTAssertTrue(presented.isDetached, "dismissed")

            let flowChild = UIViewController()
            loose.loadViewIfNeeded()
            loose.add(childController: flowChild)
            XCTAssertFalse(flowChild.isDetached, "a child of a detached controller is still in a hierarchy")

            window.rootViewController = UIViewController()
            XCTAssertTrue(nav.isDetached, "replaced as the root")
        }
    }

    // MARK: - next(of:)

    func testNextOfTypeFindsTheNearestFollowingResponderOfAProtocol() {
        MainActor.assumeIsolated {
            let flow = FlowViewController()
            let nav = UINavigationController(rootViewController: UIViewController())
            flow.loadViewIfNeeded()
            flow.add(childController: nav)
            let window = showInWindow(flow)
            let screen = nav.viewControllers[0]
            let button = UIButton()
            screen.view.addSubview(button)

            XCTAssertTrue(button.next(of: LogoutHandling.self) === flow)
            XCTAssertTrue(button.next(of: UINavigationController.self) === nav)
            XCTAssertTrue(button.next(of: UIWindow.self) === window)
            XCTAssertTrue(button.next(of: UIWindowScene.self) === window.windowScene, "the chain runs through the scene")
            XCTAssertNotNil(window.windowScene)
            XCTAssertTrue(button.next(of: UIApplication.self) === UIApplication.shared)
            XCTAssertNil(button.next(of: UITabBarController.self))
            XCTAssertTrue(flow.view.next(of: LogoutHandling.self) === flow)
            XCTAssertNil(flow.next(of: LogoutHandling.self), "the search starts after the receiver")

            button.next(of: LogoutHandling.self)?.logOut()
            XCTAssertEqual(flow.logoutCount, 1)
        }
    }
}

@MainActor
private protocol LogoutHandling: AnyObject {
    func logOut()
}

/// An app delegate that handles logout for the whole app, at the end of the responder chain.
private final class ResponderAppDelegate: UIResponder, UIApplicationDelegate, LogoutHandling {
    func logOut() {}
}

private final class FlowViewController: UIViewController, LogoutHandling {
    var logoutCount = 0

    func logOut() {
        logoutCount += 1
    }
}
