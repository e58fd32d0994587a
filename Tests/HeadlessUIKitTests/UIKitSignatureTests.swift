import XCTest
import HeadlessUIKit
import TestSupport

/// Code that compiles against the iOS SDK must compile here too: these tests pin signatures where
/// HeadlessUIKit once differed from UIKit (a compile error here is the failure).
final class UIKitSignatureTests: XCTestCase {
    func testNotificationNamesAreNonisolatedAsInUIKit() {
        let name: @Sendable () -> Notification.Name = { UIApplication.didEnterBackgroundNotification }
        XCTAssertEqual(name().rawValue, "UIApplicationDidEnterBackgroundNotification")
    }

    func testWindowLevelArithmeticButtonTypesAndActionHandlers() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: .zero)
            window.windowLevel = .alert + 1
            XCTAssertEqual(window.windowLevel.rawValue, 2001)
            XCTAssertEqual(UIWindow.Level.statusBar - UIWindow.Level.normal, 1000)

            let handler: UIActionHandler = { $0.title = "tapped" }
            let action = UIAction(title: "Close", handler: handler)
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 44, height: 44), primaryAction: action)
            XCTAssertEqual(UIButton(type: .close).buttonType, .close)
            XCTAssertEqual(UIButton.ButtonType.roundedRect, .system)
            let host = showInWindow(UIViewController())
            host.rootViewController?.view.addSubview(button)
            Headless.tap(button)
            XCTAssertEqual(action.title, "tapped")
            XCTAssertEqual(button.frame.width, 44)
        }
    }

    func testConvertIsOverridableAndEdgeInsetsAreCodable() throws {
        try MainActor.assumeIsolated {
            final class ShiftedView: UIView {
                override func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
                    let converted = super.convert(point, to: view)
                    return CGPoint(x: converted.x + 1, y: converted.y)
                }
            }
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            let shifted = ShiftedView(frame: CGRect(x: 10, y: 0, width: 5, height: 5))
            container.addSubview(shifted)
            XCTAssertEqual(shifted.convert(.zero, to: nil), CGPoint(x: 11, y: 0))

            let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
            let data = try JSONEncoder().encode(insets)
            XCTAssertEqual(String(decoding: data, as: UTF8.self), "[1,2,3,4]")
            XCTAssertEqual(try JSONDecoder().decode(UIEdgeInsets.self, from: data), insets)
            XCTAssertEqual(UIColor(), UIColor(white: 0, alpha: 1))
        }
    }

    func testTransitionCoordinatorCallFormsAndOverride() {
        MainActor.assumeIsolated {
            final class Container: UIViewController {
                override var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
                    super.transitionCoordinator
                }
            }
            let container = Container()
            let navigation = UINavigationController(rootViewController: UIViewController())
            container.addChild(navigation)
            container.view.addSubview(navigation.view)
            navigation.didMove(toParent: container)
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = container
            window.makeKeyAndVisible()
            navigation.pushViewController(UIViewController(), animated: true)
            var calls: [String] = []
            let coordinator: (any UIViewControllerTransitionCoordinator)? = navigation.topViewController?.transitionCoordinator
            coordinator?.animate(alongsideTransition: { _ in calls.append("animation") })
            coordinator?.animate(alongsideTransition: nil) { context in calls.append("completion \(context.isCancelled)") }
            coordinator?.animateAlongsideTransition(in: window, animation: nil) { _ in calls.append("in view") }
            coordinator?.notifyWhenInteractionChanges { _ in calls.append("interaction") }
            let key: UITransitionContextViewControllerKey = .from
            XCTAssertEqual(key, UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey"))
            XCTAssertEqual(coordinator?.completionCurve, UIView.AnimationCurve.easeInOut)
            XCTAssertNil(container.transitionCoordinator)
            Headless.settle()
            XCTAssertEqual(calls, ["animation", "completion false", "in view"])
            window.isHidden = true
        }
    }
}
