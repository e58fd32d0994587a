/// The kind of a tracked element, such as a button or a feed cell.
///
/// Apps extend it with their own constants:
///
/// ```swift
/// extension TrackingElementType {
///     static let sparkButton: Self = "spark_button"
/// }
/// button.trackingElement = TrackingElement(elementType: .sparkButton)
/// ```
public struct TrackingElementType: TrackingName {
    /// The name as it is sent to analytics.
    public let rawValue: String

    /// Creates an element type from its analytics name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
