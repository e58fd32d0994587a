import Foundation

/// CoreGraphics' colour, as `UIColor.cgColor` returns it and `CALayer.borderColor` takes it: RGBA
/// components in `0...1` (HeadlessUIKit has one colour space, extended sRGB).
public final class CGColor: Sendable {
    // MARK: - Creating colours

    /// Creates a colour from RGBA components (iOS 13 and later in CoreGraphics).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        storedComponents = [red, green, blue, alpha]
    }

    // MARK: - Components

    /// The colour's components, alpha last.
    public var components: [CGFloat]? { storedComponents }
    /// The number of components, alpha included.
    public var numberOfComponents: Int { storedComponents.count }
    /// The alpha component.
    public var alpha: CGFloat { storedComponents[3] }

    // MARK: - Private

    private let storedComponents: [CGFloat]
}
