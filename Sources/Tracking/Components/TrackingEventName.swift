/// The name of an explicit event recorded with ``Tracker/track(_:properties:)-(_,TrackingProperties)``, such as a purchase.
///
/// Apps extend it with their own constants, like ``TrackingScreenName``:
///
/// ```swift
/// extension TrackingEventName {
///     static let orderCompleted: Self = "order_completed"
/// }
/// tracker.track(.orderCompleted, properties: ["total": 42.5])
/// ```
public struct TrackingEventName: TrackingName {
    /// The name as it is sent to analytics.
    public let rawValue: String

    /// Creates an event name from its analytics name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
