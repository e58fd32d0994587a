import Foundation

/// The device's screen. HeadlessUIKit models one screen the size of a 6.1-inch iPhone in portrait
/// (390 × 844 points at 3×).
@MainActor
open class UIScreen: NSObject {
    /// The screen's bounds, in points.
    open var bounds: CGRect { CGRect(x: 0, y: 0, width: 390, height: 844) }
    /// Pixels per point.
    open var scale: CGFloat { 3 }

    /// The main (and only) screen.
    open class var main: UIScreen { sharedMain }

    private static let sharedMain = UIScreen()

    override init() {
        super.init()
    }
}
