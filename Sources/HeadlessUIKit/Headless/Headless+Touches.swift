import Foundation

extension Headless {
    // MARK: - Touches

    /// Puts a finger down at `point` of `window` and returns it, to move and lift.
    ///
    /// The touch goes through the real path: the window hit-tests the point, then
    /// `UIApplication.shared.sendEvent(_:)` hands the event to the window, which gives the touch to the
    /// gesture recognizers of the hit view, its ancestors and the window, then to the view.
    /// - Parameters:
    ///   - point: Where the finger comes down, in `window`'s coordinates.
    ///   - window: The window touched.
    ///   - tapCount: The touch's ``UITouch/tapCount`` (2 for the second tap of a double tap).
    ///   - timestamp: When the finger comes down; pass a manual clock's time in tests.
    /// - Returns: The finger, down.
    @discardableResult
    public static func touchDown(at point: CGPoint, in window: UIWindow, tapCount: Int = 1,
                                 timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) -> HeadlessFinger {
        HeadlessFinger(at: point, in: window, tapCount: tapCount, timestamp: timestamp)
    }

    /// Taps `point` of `window` as a finger does: down, then up at the same place and time.
    /// - Parameters:
    ///   - point: Where to tap, in `window`'s coordinates.
    ///   - window: The window tapped.
    ///   - tapCount: The touch's ``UITouch/tapCount`` (2 for the second tap of a double tap).
    ///   - timestamp: When the tap happens; pass a manual clock's time in tests.
    public static func tap(at point: CGPoint, in window: UIWindow, tapCount: Int = 1,
                           timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        touchDown(at: point, in: window, tapCount: tapCount, timestamp: timestamp).lift(timestamp: timestamp)
    }

    /// Drags a finger from `start` to `end` of `window`: down, `steps` equal moves, then up, with the
    /// timestamps spread evenly over `duration` from `timestamp`.
    /// - Parameters:
    ///   - start: Where the finger comes down, in `window`'s coordinates.
    ///   - end: Where it lifts, in `window`'s coordinates.
    ///   - window: The window touched.
    ///   - steps: How many moves (at least 1).
    ///   - duration: The seconds from touch down to lift.
    ///   - timestamp: When the finger comes down; pass a manual clock's time in tests.
    public static func drag(from start: CGPoint, to end: CGPoint, in window: UIWindow, steps: Int = 8,
                            duration: TimeInterval = 0.2,
                            timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        let steps = max(steps, 1)
        let finger = touchDown(at: start, in: window, timestamp: timestamp)
        for step in 1...steps {
            let fraction = CGFloat(step) / CGFloat(steps)
            let point = CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            finger.move(to: point, timestamp: timestamp + duration * Double(step) / Double(steps))
        }
        finger.lift(timestamp: timestamp + duration)
    }

    // MARK: - Gesture recognizer actions

    /// Attaches an action to a gesture recognizer: it runs whenever the recognizer's state changes to
    /// began, changed, ended (recognized) or cancelled, as a target's action method does on iOS.
    ///
    /// HeadlessUIKit's stand-in for `addTarget(_:action:)`, whose `#selector` needs the Objective-C runtime
    /// that Linux lacks. Gate the call with `#if canImport(UIKit)` where the same source uses
    /// `addTarget(_:action:)` on iOS.
    /// - Parameters:
    ///   - recognizer: The recognizer whose actions to extend.
    ///   - action: The closure to run, given the recognizer.
    public static func addAction(to recognizer: UIGestureRecognizer, _ action: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        recognizer.actions.append(action)
    }

    /// Removes every action ``addAction(to:_:)`` attached, as `removeTarget(nil, action: nil)` does on iOS.
    /// - Parameters:
    ///   - recognizer: The recognizer whose actions to remove.
    public static func removeActions(from recognizer: UIGestureRecognizer) {
        recognizer.actions.removeAll()
    }
}
