import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS.md statement 39: `awakeFromNib()` is overridable in `UIView` and `UIViewController`
/// subclasses, as on iOS, and HeadlessUIKit (which loads no nibs) never calls it. It is nonisolated, as UIKit's
/// `NSObject` declaration is, so overrides reach main-actor state through `MainActor.assumeIsolated`.
final class NibLoadingTests: HeadlessTestCase {
    func test39_buttonAndControllerSubclassesOverrideAwakeFromNibAndHeadlessNeverCallsIt() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let controller = AwakeningViewController(log: log)
            let button = AwakeningButton(type: .system)
            button.log = log
            let innerButton = InnerAwakeningButton(type: .custom)
            innerButton.log = log

            let navigation = UINavigationController(rootViewController: UIViewController())
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            navigation.pushViewController(controller, animated: false)
            controller.view.addSubview(button)
            controller.view.addSubview(innerButton)
            Headless.runUpdateCycle()
            Headless.tap(button)
            navigation.popViewController(animated: false)
            XCTAssertEqual(log.entries, [], "no nib, no awakeFromNib")

            // A nib loader calls it once every object of the archive is connected.
            controller.awakeFromNib()
            button.awakeFromNib()
            innerButton.awakeFromNib()
            XCTAssertEqual(log.entries, [
                "controller.awakeFromNib",
                "button.awakeFromNib",
                "inner.awakeFromNib", "button.awakeFromNib",
            ], "an override that calls super reaches its superclass's override")
            XCTAssertNotNil(window)
        }
    }

    func test39_awakeFromNibIsNonisolatedAsUIKitDeclaresItOnNSObject() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let button = AwakeningButton(type: .system)
            button.log = log
            awakenAsANibLoaderDoes(button)
            XCTAssertEqual(log.entries, ["button.awakeFromNib"])
        }
    }
}

/// Compiles only while `awakeFromNib()` is nonisolated, as UIKit's `NSObject` declaration is: a main-actor
/// declaration could not be called from this nonisolated function.
private nonisolated func awakenAsANibLoaderDoes(_ object: UIResponder) {
    object.awakeFromNib()
}

// MARK: - Subclasses written as on iOS

private final class AwakeningViewController: UIViewController {
    let log: LifecycleLog

    init(log: LifecycleLog) {
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        nil
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        MainActor.assumeIsolated { log.append("controller.awakeFromNib") }
    }
}

private class AwakeningButton: UIButton {
    var log: LifecycleLog?

    override func awakeFromNib() {
        super.awakeFromNib()
        MainActor.assumeIsolated { log?.append("button.awakeFromNib") }
    }
}

private final class InnerAwakeningButton: AwakeningButton {
    override func awakeFromNib() {
        MainActor.assumeIsolated { log?.append("inner.awakeFromNib") }
        super.awakeFromNib()
    }
}
