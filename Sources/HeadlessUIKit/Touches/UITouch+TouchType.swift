import Foundation

extension UITouch {
    /// The kind of a touch, with UIKit's raw values.
    public enum TouchType: Int, Sendable {
        /// A finger on the screen.
        case direct = 0
        /// A touch not on the screen.
        case indirect = 1
        /// Apple Pencil.
        case pencil = 2
        /// A button-based pointer such as a mouse or trackpad.
        case indirectPointer = 3

        /// The former name of ``pencil``.
        public static var stylus: TouchType { .pencil }
    }
}
