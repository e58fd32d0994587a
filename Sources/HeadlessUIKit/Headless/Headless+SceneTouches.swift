import Foundation

extension Headless {
    // MARK: - Touches on a scene

    /// Puts a finger down at `point` of `windowScene`'s screen and returns it, or `nil` when no window of
    /// the scene takes the touch (then nothing is delivered).
    ///
    /// The system's choice of window, as on a device: the scene's windows are tried front to back (higher
    /// ``UIWindow/windowLevel`` first, then the later-shown window of a level), each hit-testing the point
    /// in its own coordinates; the first whose ``UIView/hitTest(_:with:)`` answers a view gets the touch. A
    /// window that answers `nil` (hidden, not user-interactive, alpha below 0.01, the point outside it, or an
    /// override, as a pass-through overlay's) lets the touch go to the window behind. The touch then takes
    /// the path of ``touchDown(at:in:tapCount:timestamp:)-(_,UIWindow,_,_)``, and the finger's moves are in
    /// that window's coordinates (``UITouch/window``).
    /// - Parameters:
    ///   - point: Where the finger comes down, in the scene's (screen) coordinates.
    ///   - windowScene: The scene touched.
    ///   - tapCount: The touch's ``UITouch/tapCount`` (2 for the second tap of a double tap).
    ///   - timestamp: When the finger comes down; pass a manual clock's time in tests.
    /// - Returns: The finger, down, in the window that took it; `nil` when no window did.
    @discardableResult
    public static func touchDown(at point: CGPoint, in windowScene: UIWindowScene, tapCount: Int = 1,
                                 timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) -> HeadlessFinger? {
        let event = TouchScreen.shared.event
        // `windows` is back to front (level, then showing order): walk it from the front.
        for window in windowScene.windows.reversed() where !window.isHidden {
            let frame = window.frame, bounds = window.bounds
            let local = CGPoint(x: point.x - frame.origin.x + bounds.origin.x, y: point.y - frame.origin.y + bounds.origin.y)
            guard let view = window.hitTest(local, with: event) else { continue }
            return HeadlessFinger(at: local, in: window, hitView: view, tapCount: tapCount, timestamp: timestamp)
        }
        return nil
    }

    /// Taps `point` of `windowScene`'s screen as a finger does, on the window the system would give it to
    /// (see ``touchDown(at:in:tapCount:timestamp:)-(_,UIWindowScene,_,_)``): down, then up at the same place
    /// and time. When no window takes the touch, nothing is delivered.
    /// - Parameters:
    ///   - point: Where to tap, in the scene's (screen) coordinates.
    ///   - windowScene: The scene tapped.
    ///   - tapCount: The touch's ``UITouch/tapCount`` (2 for the second tap of a double tap).
    ///   - timestamp: When the tap happens; pass a manual clock's time in tests.
    public static func tap(at point: CGPoint, in windowScene: UIWindowScene, tapCount: Int = 1,
                           timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        touchDown(at: point, in: windowScene, tapCount: tapCount, timestamp: timestamp)?.lift(timestamp: timestamp)
    }
}
