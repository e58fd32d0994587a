import Foundation

extension UIGestureRecognizer {
    /// The states of a gesture recognizer's state machine, with UIKit's raw values.
    ///
    /// Every recognizer starts in ``possible``. A discrete gesture (a tap) goes to ``recognized`` (the same
    /// value as ``ended``) or ``failed``; a continuous one (a pan) goes through ``began`` and ``changed`` to
    /// ``ended`` or ``cancelled``, or fails before it begins. After a final state, the recognizer is reset to
    /// ``possible`` once its touch sequence is over.
    public enum State: Int, Sendable {
        /// Not yet recognized; may be evaluating touches. The default.
        case possible = 0
        /// A continuous gesture began; the actions are sent.
        case began = 1
        /// A continuous gesture changed; the actions are sent.
        case changed = 2
        /// The gesture ended (or, for a discrete gesture, was recognized); the actions are sent.
        case ended = 3
        /// A continuous gesture was cancelled; the actions are sent.
        case cancelled = 4
        /// The touches cannot be this gesture; no action is sent.
        case failed = 5

        /// A discrete gesture was recognized: the same state as ``ended``.
        public static var recognized: State { .ended }
    }
}
