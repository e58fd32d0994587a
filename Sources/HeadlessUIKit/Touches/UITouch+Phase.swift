import Foundation

extension UITouch {
    /// The phase of a touch in its sequence, with UIKit's raw values.
    public enum Phase: Int, Sendable {
        /// A finger touched the screen.
        case began = 0
        /// A finger moved on the screen.
        case moved = 1
        /// A finger is on the screen but has not moved since the previous event.
        case stationary = 2
        /// A finger left the screen.
        case ended = 3
        /// The system stopped tracking the touch.
        case cancelled = 4
        /// A pointer entered a region of the interface (pointer input; HeadlessUIKit makes none).
        case regionEntered = 5
        /// A pointer moved within a region without touching (pointer input; HeadlessUIKit makes none).
        case regionMoved = 6
        /// A pointer left a region of the interface (pointer input; HeadlessUIKit makes none).
        case regionExited = 7
    }
}
