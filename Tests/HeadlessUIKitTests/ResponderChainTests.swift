import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS.md statement 30: the responder chain.
final class ResponderChainTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Headless.reset() }
    }

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
            XCTAssertTrue(window.next === UIApplication.shared)
            XCTAssertTrue(UIApplication.shared.next === delegate)

            let presented = UIViewController()
            navigation.present(presented, animated: false)
            XCTAssertTrue(presented.next === navigation, "a presented controller leads to its presenter")
            UIApplication.shared.delegate = nil
            XCTAssertNil(UIApplication.shared.next)
        }
    }
}
