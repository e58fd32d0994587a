import Foundation

/// One reading of a ``TrackingClock``: a monotonic time for measuring durations and a wall-clock date for
/// event timestamps.
///
/// Durations are measured on ``uptime`` only, so a wall-clock change (the user setting the time, a network
/// time update) never makes an element look visible for longer or shorter than it was.
public struct TrackingInstant: Hashable, Sendable, Comparable {
    /// Seconds on a monotonic clock with an arbitrary origin. Only differences are meaningful.
    public var uptime: TimeInterval
    /// The wall-clock date, used as the timestamp of events recorded at this instant.
    public var date: Date

    /// Creates an instant.
    /// - Parameters:
    ///   - uptime: Seconds on a monotonic clock with an arbitrary origin.
    ///   - date: The wall-clock date at that moment.
    public init(uptime: TimeInterval, date: Date) {
        self.uptime = uptime
        self.date = date
    }

    /// Orders instants by their monotonic ``uptime``.
    public static func < (lhs: TrackingInstant, rhs: TrackingInstant) -> Bool {
        lhs.uptime < rhs.uptime
    }

    /// Equal when their ``uptime``s are: the same moment, whatever the wall clock said (so that equality
    /// agrees with the ordering).
    public static func == (lhs: TrackingInstant, rhs: TrackingInstant) -> Bool {
        lhs.uptime == rhs.uptime
    }

    /// Hashes the ``uptime``, as equality compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(uptime)
    }
}
