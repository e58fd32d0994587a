import Foundation

/// Core Animation's layer, reduced to what views' border styling needs: every view has one
/// (`UIView.layer`), and HeadlessUIKit keeps what is set on it without drawing anything.
open class CALayer: NSObject {
    /// The border's width, in points; 0 (no border) by default.
    open var borderWidth: CGFloat = 0
    /// The border's colour; opaque black by default, as in Core Animation.
    open var borderColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    /// The radius of the rounded corners of the background and border; 0 by default.
    open var cornerRadius: CGFloat = 0

    /// Creates a layer.
    public override init() {
        super.init()
    }
}
