import Foundation

/// The simulated touch screen: the fingers currently down and the one touch event UIKit reuses for them.
@MainActor
final class TouchScreen {
    static let shared = TouchScreen()

    /// The touches event, reused for every delivery as UIKit reuses its touches event.
    let event = UIEvent()

    /// Updates `touch` to `phase` at `timestamp`, marks the other fingers stationary, and sends the event
    /// through the application. An ended or cancelled touch leaves the screen after the delivery.
    func send(_ touch: UITouch, phase: UITouch.Phase, timestamp: TimeInterval) {
        if phase == .began {
            touches.append(touch)
        }
        for other in touches where other !== touch {
            other.phase = .stationary
        }
        touch.phase = phase
        touch.timestamp = timestamp
        event.type = .touches
        event.timestamp = timestamp
        event.storedTouches = touches
        UIApplication.shared.sendEvent(event)
        if phase == .ended || phase == .cancelled {
            touches.removeAll { $0 === touch }
            event.storedTouches = touches
        }
    }

    /// Forgets every finger (``Headless/reset()``), cancelling none: a test's touches never reach the next.
    func reset() {
        touches.removeAll()
        event.storedTouches = []
    }

    private var touches: [UITouch] = []
}
