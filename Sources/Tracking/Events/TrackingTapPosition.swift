import Foundation

/// Where a person's finger came down for a tap: in the window, and within the tapped element.
///
/// Carried by ``TrackingEventKind/tap``, ``TrackingEventKind/rageTap`` and ``TrackingEventKind/deadTap``
/// events (``TrackingEvent/tapPosition``) and sent as `tap_x`, `tap_y`, `tap_element_x` and `tap_element_y`
/// (``TrackingWireNaming/PropertyKeys``), enough to draw a heatmap of a screen or of one element whatever its
/// size on each device.
public struct TrackingTapPosition: Hashable, Sendable {
    // MARK: - Public

    /// Horizontal position in the window, in points from its left edge.
    public var x: Double
    /// Vertical position in the window, in points from its top edge.
    public var y: Double
    /// Horizontal position within the element: 0 at its left edge, 1 at its right edge.
    public var elementX: Double
    /// Vertical position within the element: 0 at its top edge, 1 at its bottom edge.
    public var elementY: Double

    /// Creates a position.
    /// - Parameters:
    ///   - x: Points from the window's left edge.
    ///   - y: Points from the window's top edge.
    ///   - elementX: Fraction of the element's width from its left edge, in `[0, 1]`.
    ///   - elementY: Fraction of the element's height from its top edge, in `[0, 1]`.
    public init(x: Double, y: Double, elementX: Double, elementY: Double) {
        self.x = x
        self.y = y
        self.elementX = elementX
        self.elementY = elementY
    }

    // MARK: - Internal

    /// The keys under which an event keeps its position in ``TrackingEvent/eventProperties`` (so that stored
    /// events need no new field); the wire names are ``TrackingWireNaming/PropertyKeys``'.
    static let xKey = "tap_x"
    static let yKey = "tap_y"
    static let elementXKey = "tap_element_x"
    static let elementYKey = "tap_element_y"

    /// Writes the position into an event's properties.
    func write(into properties: inout TrackingProperties) {
        properties[Self.xKey] = .double(x)
        properties[Self.yKey] = .double(y)
        properties[Self.elementXKey] = .double(elementX)
        properties[Self.elementYKey] = .double(elementY)
    }

    /// The position kept in an event's properties, if all four values are there.
    init?(properties: TrackingProperties) {
        guard let x = properties[Self.xKey]?.tapCoordinate, let y = properties[Self.yKey]?.tapCoordinate,
              let elementX = properties[Self.elementXKey]?.tapCoordinate,
              let elementY = properties[Self.elementYKey]?.tapCoordinate else { return nil }
        self.init(x: x, y: y, elementX: elementX, elementY: elementY)
    }
}

extension TrackingPropertyValue {
    /// A number kept as a tap coordinate.
    fileprivate var tapCoordinate: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        default: nil
        }
    }
}
