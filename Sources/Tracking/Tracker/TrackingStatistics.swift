import Foundation

/// What a ``Tracker`` has done since it was created: for debugging, dashboards and the demo.
public struct TrackingStatistics: Hashable, Sendable {
    /// Scans run, scheduled and ``Tracker/scanNow()`` alike.
    public var scanCount = 0
    /// Time spent in the visibility scan itself, in seconds, measured on the system's monotonic clock
    /// (not the configured ``TrackingClock``, which tests may freeze).
    public var totalScanDuration: TimeInterval = 0
    /// Views looked at, over all scans.
    public var viewsVisited = 0
    /// Events that passed validation and the ``TrackingConfiguration/beforeSend`` hooks, scanned and explicit
    /// alike (``Tracker/track(_:properties:)-(_,TrackingProperties)`` and the other explicit calls count),
    /// whichever sinks ``Tracker/consent`` then let them through to; an event validation or a hook dropped does
    /// not count, and neither does one recorded while consent is ``DeliveryConsent/denied`` (such an event is
    /// not stamped, validated or shown to a hook).
    public var eventsDelivered = 0

    /// Creates empty statistics.
    public init() {}
}
