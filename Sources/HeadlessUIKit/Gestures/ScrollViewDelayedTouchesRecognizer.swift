import Foundation

/// Holds a scroll view's content touches back for 150 ms (``UIScrollView/delaysContentTouches``), so that a
/// drag that starts at once scrolls without the content ever seeing the touch; it fails (releasing the
/// touches to the content) when the time passes or the finger lifts, and a pan that begins cancels them.
@MainActor
final class ScrollViewDelayedTouchesRecognizer: UIGestureRecognizer {
    weak var scrollView: UIScrollView?

    /// How long content touches wait, in seconds (measured on devices; UIKit does not publish it).
    static let delay: TimeInterval = 0.15

    override init() {
        super.init()
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard scrollView?.delaysContentTouches == true, touches.contains(where: { $0.view !== scrollView }) else {
            state = .failed
            return
        }
        if touchDeadline == nil {
            touchDeadline = (touches.map(\.timestamp).min() ?? event.timestamp) + Self.delay
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .failed
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .failed
    }

    override func touchDeadlineDidPass() {
        state = .failed
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        preventingGestureRecognizer === scrollView?.panGestureRecognizer
    }

    override func reset() {
        super.reset()
        touchDeadline = nil
    }
}
