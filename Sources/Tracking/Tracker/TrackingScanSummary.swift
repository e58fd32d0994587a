import Foundation

/// One scan as a ``Tracker/scanObserver`` sees it.
public struct TrackingScanSummary: Sendable {
    /// The scan's number, from 1, counting every scan of the tracker.
    public var scanNumber: Int
    /// When the scan ran, on the configured clock.
    public var timestamp: Date
    /// Time spent in the visibility scan, in seconds, on the system's monotonic clock.
    public var duration: TimeInterval
    /// Views the scan looked at.
    public var viewsVisited: Int
    /// The events the scan delivered, in order (often none).
    public var events: [TrackingEvent]
}
