#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension CGRect {
    // MARK: - Internal

    /// A full-width row of the demo's screens, inside 24-point margins of the 390-point-wide design; the
    /// demo's labels and buttons stretch with their screen from there.
    static func demoRow(y: CGFloat, height: CGFloat) -> CGRect {
        CGRect(x: 24, y: y, width: 342, height: height)
    }
}
