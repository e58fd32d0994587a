import Foundation

/// A simulated finger on the screen: it comes down at a point of a window, moves and lifts, and each
/// step is a real touch event sent through `UIApplication.shared.sendEvent(_:)`.
///
/// Create one with ``Headless/touchDown(at:in:tapCount:timestamp:)-(_,UIWindow,_,_)``. When the finger comes down, the
/// window hit-tests the point (``UIView/hitTest(_:with:)``) to find the touch's view, exactly as for a real
/// finger; the window then gives the touch to gesture recognizers and the view. Fingers down at the same
/// time share one event, as in UIKit (the ones not moving are `.stationary`).
///
/// Every step takes a `timestamp` (seconds, on the clock of `ProcessInfo.systemUptime` by default) that
/// becomes the touch's and the event's ``UITouch/timestamp``: tests pass the times of a manual clock.
@MainActor
public final class HeadlessFinger {
    // MARK: - Public

    /// The touch this finger drives (the object gesture recognizers and views receive).
    public let touch: UITouch

    /// Whether the finger is still on the screen (neither lifted nor cancelled).
    public var isDown: Bool { touch.phase != .ended && touch.phase != .cancelled }

    /// Moves the finger to `point` (in its window's coordinates) and delivers a `.moved` event.
    /// - Parameters:
    ///   - point: The new location, in window coordinates.
    ///   - timestamp: When the move happens.
    public func move(to point: CGPoint, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        guard isDown else { return }
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = point
        TouchScreen.shared.send(touch, phase: .moved, timestamp: timestamp)
    }

    /// Lifts the finger where it is and delivers an `.ended` event.
    /// - Parameters:
    ///   - timestamp: When the finger lifts.
    public func lift(timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        guard isDown else { return }
        touch.previousLocationInWindow = touch.locationInWindow
        TouchScreen.shared.send(touch, phase: .ended, timestamp: timestamp)
    }

    /// Ends the touch as the system does when it stops tracking it (a call coming in): a `.cancelled`
    /// event.
    /// - Parameters:
    ///   - timestamp: When the touch is cancelled.
    public func cancel(timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        guard isDown else { return }
        TouchScreen.shared.send(touch, phase: .cancelled, timestamp: timestamp)
    }

    // MARK: - Internal

    /// Puts a finger down: hit-tests the point in the window and delivers a `.began` event.
    convenience init(at point: CGPoint, in window: UIWindow, tapCount: Int, timestamp: TimeInterval) {
        self.init(at: point, in: window, hitView: window.hitTest(point, with: TouchScreen.shared.event),
                  tapCount: tapCount, timestamp: timestamp)
    }

    /// Puts a finger down on `hitView`, which `window` already answered for the point (a scene's window
    /// choice hit-tests each window once, as the system does), and delivers a `.began` event.
    init(at point: CGPoint, in window: UIWindow, hitView: UIView?, tapCount: Int, timestamp: TimeInterval) {
        touch = UITouch(locationInWindow: point, window: window, tapCount: tapCount, timestamp: timestamp)
        touch.view = hitView
        TouchScreen.shared.send(touch, phase: .began, timestamp: timestamp)
    }
}
