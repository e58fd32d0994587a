#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import HeadlessUIKit
#endif
import XCTest
import TestSupport

// This file's declarations above the test case also type-check against the iOS 26.2 SDK: overrides and calls
// pin the touch API's UIKit signatures (a compile error here is the failure).

final class SignatureControl: UIControl {
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { super.beginTracking(touch, with: event) }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { super.continueTracking(touch, with: event) }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) { super.endTracking(touch, with: event) }
    override func cancelTracking(with event: UIEvent?) { super.cancelTracking(with: event) }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesBegan(touches, with: event) }
}

final class SignatureScrollView: UIScrollView {
    override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { super.touchesShouldBegin(touches, with: event, in: view) }
    override func touchesShouldCancel(in view: UIView) -> Bool { super.touchesShouldCancel(in: view) }
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { super.gestureRecognizerShouldBegin(gestureRecognizer) }
}

final class SignatureTap: UITapGestureRecognizer {
    override var state: UIGestureRecognizer.State { didSet { _ = oldValue } }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesBegan(touches, with: event) }
    override func reset() { super.reset() }
    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { super.canPrevent(preventedGestureRecognizer) }
}

final class SignaturePan: UIPanGestureRecognizer {
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesMoved(touches, with: event) }
}

@MainActor
func useTouchSignatures(_ control: SignatureControl, _ scroller: SignatureScrollView, _ tap: SignatureTap, _ pan: SignaturePan, _ touch: UITouch) {
    let tracking: Bool = control.isTracking
    let inside: Bool = control.isTouchInside
    let events: [UIControl.Event] = [.touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter, .touchDragExit,
                                     .touchUpInside, .touchUpOutside, .touchCancel, .valueChanged, .primaryActionTriggered, .allTouchEvents, .allEvents]
    precondition(UIControl.Event.touchCancel.rawValue == 1 << 8 && UIControl.Event.allTouchEvents.rawValue == 0x0FFF)
    control.isHighlighted = tracking && inside && !events.isEmpty
    let recognizer: UIPanGestureRecognizer = scroller.panGestureRecognizer
    scroller.delaysContentTouches = false
    scroller.canCancelContentTouches = true
    tap.numberOfTapsRequired = 2
    tap.numberOfTouchesRequired = 1
    pan.minimumNumberOfTouches = 1
    pan.maximumNumberOfTouches = 2
    let translation: CGPoint = recognizer.translation(in: scroller)
    recognizer.setTranslation(.zero, in: nil)
    let velocity: CGPoint = pan.velocity(in: nil)
    _ = (translation, velocity)
    tap.cancelsTouchesInView = false
    tap.delaysTouchesBegan = true
    tap.delaysTouchesEnded = false
    tap.isEnabled = true
    tap.name = "t"
    let view: UIView? = tap.view
    view?.addGestureRecognizer(pan)
    view?.removeGestureRecognizer(pan)
    view?.gestureRecognizers = [tap]
    let type: UITouch.TouchType = touch.type
    let count: Int = touch.tapCount
    let ts: TimeInterval = touch.timestamp
    let window: UIWindow? = touch.window
    _ = (type, count, ts, window, tap.location(in: nil), tap.location(ofTouch: 0, in: nil), tap.numberOfTouches)
}

final class TouchSignatureTests: HeadlessTestCase {
    func testTouchAPISubclassesAndCallsCompileAsOnIOS() {
        MainActor.assumeIsolated {
            let window = showInWindow(UIViewController())
            let control = SignatureControl(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            let scrollView = SignatureScrollView(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
            let tap = SignatureTap()
            control.addGestureRecognizer(tap)
            [control, scrollView].forEach { window.rootViewController!.view.addSubview($0) }
            let finger = Headless.touchDown(at: CGPoint(x: 10, y: 10), in: window)
            useTouchSignatures(control, scrollView, tap, SignaturePan(), finger.touch)
            finger.lift()
            XCTAssertTrue(scrollView.panGestureRecognizer.view === scrollView)
            XCTAssertEqual(tap.numberOfTapsRequired, 2)
            XCTAssertTrue(control.gestureRecognizers?.first === tap)
        }
    }
}
