import Foundation

/// The source of time for a ``Tracker``: when a scan happened, for duration thresholds and event timestamps.
///
/// The default is ``SystemTrackingClock``. Tests inject a ``ManualTrackingClock`` and advance it explicitly,
/// so thresholds such as ``TrackingConfiguration/minimumVisibleDuration`` are tested without sleeping:
///
/// ```swift
/// let clock = ManualTrackingClock()
/// var configuration = TrackingConfiguration()
/// configuration.clock = clock
/// let tracker = Tracker(configuration: configuration, sinks: [sink])
/// tracker.scanNow()
/// clock.advance(by: 1)
/// tracker.scanNow()   // records the impression
/// ```
public protocol TrackingClock: Sendable {
    /// The current instant. Successive readings must never go back in ``TrackingInstant/uptime``.
    func now() -> TrackingInstant
}
