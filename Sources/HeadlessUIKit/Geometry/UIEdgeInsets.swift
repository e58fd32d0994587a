import Foundation

/// Inset distances for the edges of a rectangle.
public struct UIEdgeInsets: Equatable, Sendable, Codable {
    /// The top inset.
    public var top: CGFloat
    /// The left inset.
    public var left: CGFloat
    /// The bottom inset.
    public var bottom: CGFloat
    /// The right inset.
    public var right: CGFloat

    /// Creates insets.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    /// No insets.
    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    /// No insets.
    public static let zero = UIEdgeInsets()

    /// Decodes `[top, left, bottom, right]`, as UIKit encodes insets.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(top: try container.decode(CGFloat.self), left: try container.decode(CGFloat.self),
                  bottom: try container.decode(CGFloat.self), right: try container.decode(CGFloat.self))
    }

    /// Encodes `[top, left, bottom, right]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(top)
        try container.encode(left)
        try container.encode(bottom)
        try container.encode(right)
    }
}

extension CGRect {
    /// The rectangle shrunk by `insets`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top,
               width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}
