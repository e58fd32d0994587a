import Foundation

/// How text lines up horizontally (UIKit's values on iOS: `NSText.h`).
public enum NSTextAlignment: Int, Sendable {
    /// Along the left edge.
    case left = 0
    /// Centred.
    case center = 1
    /// Along the right edge.
    case right = 2
    /// Stretched to both edges (the last line natural).
    case justified = 3
    /// The script's natural alignment (the default).
    case natural = 4
}
