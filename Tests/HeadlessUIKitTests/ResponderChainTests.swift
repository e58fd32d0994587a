import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS.md statement 30: the responder chain.
final class ResponderChainTests: HeadlessTestCase {
    func test30_nextFollowsViewsControllersWindowApplicationAndDelegate() {
        MainActor.assumeIsolated {
            final class AppDelegate: UIResponder, UIApplicationDelegate {}
            let delegate = AppDelegate()
            UIApplication.shared.delegate = delegate
            defer { UIApplication.shared.delegate = nil }

            let child = UIViewController()
            let navigation = UINavigationController(rootViewController: child)
            let window = showInWindow(navigation)
            let button = UIButton(type: .system)
            child.view.addSubview(button)

            XCTAssertTrue(button.next === child.view)
            XCTAssertTrue(child.view.next === child, "a root view leads to its controller")
            XCTAssertTrue(child.next === navigation.view, "a controller leads to its view's superview")
            XCTAssertTrue(navigation.view.next === navigation)
            XCTAssertTrue(navigation.next === window, "a window's root leads to the window")
            let scene = try? XCTUnwrap(window.windowScene)
            XCTAssertNotNil(scene, "a shown window belongs to a scene")
            XCTAssertTrue(window.next === scene, "a window leads to its scene")
            XCTAssertTrue(scene?.next === UIApplication.shared, "a scene leads to the application")
            XCTAssertTrue(UIApplication.shared.next === delegate)

            let presented = UIViewController()
            navigation.present(presented, animated: false)
            XCTAssertTrue(presented.next === navigation, "a presented controller leads to its presenter")
            UIApplication.shared.delegate = nil
            XCTAssertNil(UIApplication.shared.next)
        }
    }

    func test30_theChainFromAWindowRunsThroughItsSceneToTheDelegate() {
        MainActor.assumeIsolated {
            final class AppDelegate: UIResponder, UIApplicationDelegate {}
            let delegate = AppDelegate()
            UIApplication.shared.delegate = delegate
            defer { UIApplication.shared.delegate = nil }

            let window = UIWindow(windowScene: Headless.windowScene)
            var chain: [UIResponder] = []
            var responder: UIResponder? = window
            while let current = responder, chain.count < 10 {
                chain.append(current)
                responder = current.next
            }
            XCTAssertEqual(chain.map { String(describing: type(of: $0)) }, ["UIWindow", "UIWindowScene", "UIApplication", "AppDelegate"])
            let expected: [UIResponder] = [window, Headless.windowScene, UIApplication.shared, delegate]
            XCTAssertEqual(chain.map(ObjectIdentifier.init), expected.map(ObjectIdentifier.init))
        }
    }

    func test30_aWindowWithNoSceneLeadsToTheApplication() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: UIScreen.main.bounds)
            XCTAssertNil(window.windowScene, "a window created with a frame joins a scene only when shown")
            XCTAssertTrue(window.next === UIApplication.shared)
            window.makeKeyAndVisible()
            XCTAssertTrue(window.next === Headless.windowScene, "once shown, its scene comes first")
            window.windowScene = nil
            XCTAssertTrue(window.next === UIApplication.shared)
        }
    }
}
