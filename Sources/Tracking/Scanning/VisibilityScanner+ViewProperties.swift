#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// How the scan reads a view's alpha and background colour.
extension VisibilityScanner {
    // MARK: - View properties

    /// Alpha clamped to `[0, 1]`, NaN as 0.
    static func clampedAlpha(_ alpha: CGFloat) -> Double {
        let value = Double(alpha)
        guard value > 0 else { return 0 }
        return min(value, 1)
    }

    /// Whether a background colour paints every pixel: alpha exactly 1 in an RGB or grayscale space.
    static func isOpaque(_ color: UIColor?) -> Bool {
        guard let color else { return false }
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        if color.getRed(&red, green: &green, blue: &blue, alpha: &alpha) { return alpha >= 1 }
        var white: CGFloat = 0
        if color.getWhite(&white, alpha: &alpha) { return alpha >= 1 }
        return false
    }
}
