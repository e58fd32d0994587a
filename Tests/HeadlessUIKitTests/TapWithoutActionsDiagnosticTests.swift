import Foundation
import HeadlessUIKit
import TestSupport
import XCTest

/// A button tapped in a test while it has no actions (its `addTarget(_:action:for:)` left to the iOS build,
/// since `#selector` cannot compile on Linux) makes HeadlessUIKit say why nothing happened and what compiles on
/// both, once per control; so does a plain tap recognizer that recognizes without actions. A button with a
/// `UIAction`, a recognizer with an action, a touch lifted outside and a control that changes its own value say
/// nothing.
final class TapWithoutActionsDiagnosticTests: HeadlessTestCase {
    static let message = "[HeadlessUIKit] A tap ended inside a UIButton that has no actions, so it did nothing. Linux has no "
        + "Objective-C runtime: addTarget(_:action:for:) with a #selector cannot compile there. Give the control its "
        + "action with addAction(UIAction { _ in … }, for: .touchUpInside) (iOS 14 and later), which compiles on both.\n"

    func testAButtonWithoutActionsTappedSaysWhyOnceAndPointsToAddAction() throws {
        let written = try StandardErrorCapture.during {
            MainActor.assumeIsolated {
                let button = UIButton(type: .system)
                button.frame = CGRect(x: 20, y: 20, width: 120, height: 44)
                let window = Self.host(button)
                Headless.tap(button)
                Headless.tap(at: CGPoint(x: 40, y: 40), in: window)
                window.isHidden = true
            }
        }
        XCTAssertEqual(written, Self.message)
    }

    func testAButtonWithAUIActionASwitchAndATouchLiftedOutsideSayNothing() throws {
        let log = MainActor.assumeIsolated { LifecycleLog() }
        let written = try StandardErrorCapture.during {
            MainActor.assumeIsolated {
                let button = UIButton(type: .system)
                button.frame = CGRect(x: 20, y: 20, width: 120, height: 44)
                button.addAction(UIAction { _ in log.append("buy") }, for: .touchUpInside)
                let toggle = UISwitch(frame: CGRect(x: 20, y: 100, width: 51, height: 31))
                let silent = UIButton(type: .system)
                silent.frame = CGRect(x: 20, y: 200, width: 120, height: 44)
                let window = Self.host(button, toggle, silent)
                Headless.tap(button)
                Headless.tap(toggle)
                XCTAssertTrue(toggle.isOn)
                // Down on the button without actions, lifted far outside it: a cancelled tap on iOS too.
                let finger = Headless.touchDown(at: CGPoint(x: 40, y: 220), in: window)
                finger.move(to: CGPoint(x: 380, y: 800))
                finger.lift()
                window.isHidden = true
            }
        }
        XCTAssertEqual(written, "")
        MainActor.assumeIsolated { XCTAssertEqual(log.entries, ["buy"]) }
    }

    func testATapRecognizerWithoutActionsThatRecognizesSaysWhyOnceAndPointsToHeadlessAddAction() throws {
        let log = MainActor.assumeIsolated { LifecycleLog() }
        let written = try StandardErrorCapture.during {
            MainActor.assumeIsolated {
                let silentCard = UIView(frame: CGRect(x: 20, y: 20, width: 200, height: 100))
                silentCard.addGestureRecognizer(UITapGestureRecognizer())
                let card = UIView(frame: CGRect(x: 20, y: 200, width: 200, height: 100))
                let tap = UITapGestureRecognizer()
                Headless.addAction(to: tap) { _ in log.append("open") }
                card.addGestureRecognizer(tap)
                let window = Self.host(silentCard, card)
                Headless.tap(at: CGPoint(x: 60, y: 60), in: window, timestamp: 1)
                Headless.tap(at: CGPoint(x: 60, y: 60), in: window, timestamp: 2)
                Headless.tap(at: CGPoint(x: 60, y: 240), in: window, timestamp: 3)
                window.isHidden = true
            }
        }
        XCTAssertEqual(written, "[HeadlessUIKit] A UITapGestureRecognizer recognized a tap but has no actions, so nothing ran. "
            + "Linux has no Objective-C runtime: init(target:action:) and addTarget(_:action:) with a #selector cannot "
            + "compile there. Attach its action with Headless.addAction(to:_:) inside #if canImport(HeadlessUIKit), or use "
            + "a closure-based recognizer of the app's own that calls it (see Testing your app on Linux).\n")
        MainActor.assumeIsolated { XCTAssertEqual(log.entries, ["open"]) }
    }

    // MARK: - Helpers

    @MainActor
    private static func host(_ views: UIView...) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let controller = UIViewController()
        window.rootViewController = controller
        views.forEach(controller.view.addSubview)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return window
    }
}
