import Foundation

/// A colour: red, green, blue and alpha components in `0...1`.
///
/// HeadlessUIKit draws nothing; colours matter for what they say about opacity
/// (`getWhite(_:alpha:)` / `getRed(_:green:blue:alpha:)`).
open class UIColor: NSObject, @unchecked Sendable {
    private let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)

    /// Creates a colour from RGBA components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = (red, green, blue, alpha)
        super.init()
    }

    /// Creates a grey from a white level and alpha.
    public init(white: CGFloat, alpha: CGFloat) {
        components = (white, white, white, alpha)
        super.init()
    }

    /// Creates opaque black.
    public override convenience init() {
        self.init(white: 0, alpha: 1)
    }

    /// Creates a colour from a CoreGraphics colour's RGBA components (a grey's two components are white
    /// and alpha).
    public convenience init(cgColor: CGColor) {
        let components = cgColor.components ?? []
        if components.count >= 4 {
            self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        } else {
            self.init(white: components.first ?? 0, alpha: cgColor.alpha)
        }
    }

    /// The colour as CoreGraphics sees it, for layers (`layer.borderColor = color.cgColor`).
    open var cgColor: CGColor {
        CGColor(red: components.red, green: components.green, blue: components.blue, alpha: components.alpha)
    }

    /// Reads the RGBA components; returns `true`, as every colour here is RGB-compatible.
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = components.red
        green?.pointee = components.green
        blue?.pointee = components.blue
        alpha?.pointee = components.alpha
        return true
    }

    /// Reads the white level (mean of RGB) and alpha; returns `true`.
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = (components.red + components.green + components.blue) / 3
        alpha?.pointee = components.alpha
        return true
    }

    /// The same colour with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: components.red, green: components.green, blue: components.blue, alpha: alpha)
    }

    /// Equal when every component is equal.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return components == other.components
    }

    /// Hash of the components.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(components.red)
        hasher.combine(components.green)
        hasher.combine(components.blue)
        hasher.combine(components.alpha)
        return hasher.finalize()
    }

    /// `UIExtendedSRGBColorSpace r g b a`, as UIKit prints colours.
    open override var description: String {
        "UIExtendedSRGBColorSpace \(components.red) \(components.green) \(components.blue) \(components.alpha)"
    }

    /// Opaque black.
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// Opaque white.
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// Fully transparent.
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
    /// Opaque mid grey.
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// Opaque light grey.
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    /// Opaque red.
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// Opaque green.
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// Opaque blue.
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// Opaque orange.
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// The system background: opaque white in the light appearance headless models.
    open class var systemBackground: UIColor { .white }
    /// The secondary system background (light appearance).
    open class var secondarySystemBackground: UIColor { UIColor(red: 0.949, green: 0.949, blue: 0.969, alpha: 1) }
    /// The system blue (light appearance).
    open class var systemBlue: UIColor { UIColor(red: 0, green: 0.478, blue: 1, alpha: 1) }
    /// The system red (light appearance).
    open class var systemRed: UIColor { UIColor(red: 1, green: 0.231, blue: 0.188, alpha: 1) }
    /// The system green (light appearance).
    open class var systemGreen: UIColor { UIColor(red: 0.204, green: 0.78, blue: 0.349, alpha: 1) }
    /// The system grey (light appearance).
    open class var systemGray: UIColor { UIColor(red: 0.557, green: 0.557, blue: 0.576, alpha: 1) }
    /// The primary label colour (light appearance).
    open class var label: UIColor { .black }
    /// The secondary label colour (light appearance).
    open class var secondaryLabel: UIColor { UIColor(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.6) }
}
