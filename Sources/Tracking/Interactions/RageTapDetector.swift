import Foundation

/// Finds rage taps in the stream of attributed taps: a pure state machine over (subject, time, position)
/// triples, so that every boundary is testable with a manual clock.
///
/// ## Bursts
/// A *burst* is a run of consecutive attributed taps on one ``TapSubject`` in which each tap comes at most
/// `interval` seconds after the one before and lands at most `radius` points (in its window) from the
/// burst's first tap. A tap on another subject, a pause longer than `interval`, a tap farther than
/// `radius`, or a clock that went backwards ends the burst, and that tap starts a new one. Taps that were
/// not attributed (on nothing tracked, during a transition, in the background) and taps on controls that
/// answer repeated taps themselves never reach the detector: they neither count nor end a burst.
///
/// ## Rage taps
/// A burst holds a rage tap at its first tap at which its last `count` taps lie within `interval` of each
/// other (the newest at most `interval` after the oldest of them, bounds included). That tap reports the
/// number of taps of the burst so far; the rest of the burst reports nothing. So `count` quick taps give
/// one rage tap with `count`, a longer burst still one, and taps spaced more than `interval / (count - 1)`
/// apart none at all.
struct RageTapDetector {
    // MARK: - Internal

    /// Taps within ``interval`` that make a rage tap, at least 2.
    let count: Int
    /// Seconds within which ``count`` taps make a rage tap; also the longest pause within a burst.
    let interval: TimeInterval
    /// The farthest, in points, a tap of a burst may land from the burst's first tap.
    let radius: Double

    /// - Parameters:
    ///   - count: Taps that make a rage tap; values below 2 count as 2.
    ///   - interval: Seconds within which they must come.
    ///   - radius: Points from the burst's first tap within which they must land.
    init(count: Int, interval: TimeInterval, radius: Double) {
        self.count = max(count, 2)
        self.interval = interval
        self.radius = radius
        recentTimes.reserveCapacity(self.count)
    }

    /// Registers an attributed tap on `subject` at `time` (seconds on a monotonic clock), at `x`, `y` (points
    /// in its window; `nil` when unknown, which counts as within the radius).
    /// - Returns: The burst's number of taps when this tap completes its rage tap, else `nil`.
    mutating func registerTap(on subject: TapSubject, at time: TimeInterval, x: Double? = nil, y: Double? = nil) -> Int? {
        if let last = recentTimes.last, subject == burstSubject, time >= last, time - last <= interval + Self.tolerance,
           isWithinRadius(x: x, y: y) {
            tapsInBurst += 1
        } else {
            burstSubject = subject
            recentTimes.removeAll(keepingCapacity: true)
            tapsInBurst = 1
            hasReported = false
            burstX = x
            burstY = y
        }
        if recentTimes.count == count { recentTimes.removeFirst() }
        recentTimes.append(time)
        guard !hasReported, recentTimes.count == count, let oldest = recentTimes.first,
              time - oldest <= interval + Self.tolerance else { return nil }
        hasReported = true
        return tapsInBurst
    }

    /// Forgets the current burst (the tracker stopped).
    mutating func reset() {
        burstSubject = nil
        recentTimes.removeAll(keepingCapacity: true)
        tapsInBurst = 0
        hasReported = false
        burstX = nil
        burstY = nil
    }

    // MARK: - Private

    /// Clock readings are sums of doubles: taps exactly `interval` apart must not fall out by rounding.
    private static let tolerance: TimeInterval = 1e-9

    private var burstSubject: TapSubject?
    /// The times of the burst's last ``count`` taps at most, oldest first.
    private var recentTimes: ContiguousArray<TimeInterval> = []
    private var tapsInBurst = 0
    private var hasReported = false
    /// Where the burst's first tap landed, if known.
    private var burstX: Double?
    private var burstY: Double?

    private func isWithinRadius(x: Double?, y: Double?) -> Bool {
        guard let x, let y, let burstX, let burstY else { return true }
        let dx = x - burstX, dy = y - burstY
        return dx * dx + dy * dy <= radius * radius + Self.tolerance
    }
}
