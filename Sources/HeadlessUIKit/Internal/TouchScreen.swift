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
        if trackingScrollViews > 0 {
            deliverInTrackingMode()
        } else {
            UIApplication.shared.sendEvent(event)
        }
        if phase == .ended || phase == .cancelled {
            touches.removeAll { $0 === touch }
            event.storedTouches = touches
        }
    }

    /// Forgets every finger (``Headless/reset()``), cancelling none: a test's touches never reach the next.
    func reset() {
        touches.removeAll()
        trackingScrollViews = 0
        event.storedTouches = []
    }

    /// How many scroll views a finger is on: while any is, events arrive in `RunLoop.Mode.tracking`, as
    /// UIKit's do while a scroll view tracks.
    var trackingScrollViews = 0

    private var touches: [UITouch] = []

    /// Delivers the event from the main run loop running in `.tracking`, as UIKit delivers touches while a
    /// scroll view tracks: work registered for `.default` only waits.
    private func deliverInTrackingMode() {
        let delivered = DeliveryFlag()
        let event = self.event
        let timer = Timer(timeInterval: 0, repeats: false) { _ in
            MainActor.assumeIsolated {
                UIApplication.shared.sendEvent(event)
            }
            delivered.isSet = true
        }
        RunLoop.main.add(timer, forMode: .tracking)
        let deadline = Date(timeIntervalSinceNow: 60)
        while !delivered.isSet, Date() < deadline {
            _ = RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 0.01))
        }
        timer.invalidate()
    }

    /// Set by the delivery timer's `@Sendable` block; only touched on the main thread.
    private final class DeliveryFlag: @unchecked Sendable {
        var isSet = false
    }
}
