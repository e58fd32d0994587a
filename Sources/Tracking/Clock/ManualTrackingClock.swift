import Foundation

/// A clock that only moves when told to: for tests of duration thresholds, in this package and in apps.
///
/// Thread-safe. Starts at uptime 0 and a fixed date, so timestamps in tests are reproducible:
///
/// ```swift
/// let clock = ManualTrackingClock()
/// clock.advance(by: 0.99)   // not yet an impression at the default 1 s threshold
/// clock.advance(by: 0.01)   // now it is
/// ```
public final class ManualTrackingClock: TrackingClock, @unchecked Sendable {
    // MARK: - Public

    /// Creates a manual clock.
    /// - Parameter startDate: The wall-clock date at uptime 0. Defaults to 2023-11-14 22:13:20 UTC.
    public init(startDate: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        self.startDate = startDate
    }

    /// Seconds advanced since creation.
    public var elapsed: TimeInterval {
        lock.lock()
        defer { lock.unlock() }
        return elapsedSeconds
    }

    /// The current instant: uptime ``elapsed``, date `startDate + elapsed`.
    public func now() -> TrackingInstant {
        lock.lock()
        defer { lock.unlock() }
        return TrackingInstant(uptime: elapsedSeconds, date: startDate.addingTimeInterval(elapsedSeconds))
    }

    /// Moves the clock forward.
    /// - Parameter seconds: How far to move. Negative, NaN or infinite values are ignored, because a
    ///   monotonic clock cannot go back.
    public func advance(by seconds: TimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        lock.lock()
        elapsedSeconds += seconds
        lock.unlock()
    }

    // MARK: - Private

    private let startDate: Date
    private let lock = NSLock()
    private var elapsedSeconds: TimeInterval = 0
}
