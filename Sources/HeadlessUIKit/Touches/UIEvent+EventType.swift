import Foundation

extension UIEvent {
    /// The kind of an event, with UIKit's raw values.
    public enum EventType: Int, Sendable {
        /// Touches on the screen.
        case touches = 0
        /// Device motion (a shake).
        case motion = 1
        /// Remote-control commands.
        case remoteControl = 2
        /// Physical button presses.
        case presses = 3
        /// Scrolling with a pointer device.
        case scroll = 10
        /// A pointer hovering.
        case hover = 11
        /// A pointer transform gesture.
        case transform = 14
    }
}
