import Foundation

/// The real clock: monotonic system uptime for durations, the system date for timestamps.
///
/// Uptime comes from `ProcessInfo.systemUptime` (monotonic; available on every supported OS version,
/// unlike `ContinuousClock`, which needs iOS 16).
public struct SystemTrackingClock: TrackingClock {
    /// Creates the system clock.
    public init() {}

    /// Reads the system's monotonic uptime and current date.
    public func now() -> TrackingInstant {
        TrackingInstant(uptime: ProcessInfo.processInfo.systemUptime, date: Date())
    }
}
