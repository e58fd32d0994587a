import Foundation

/// How long to wait before the next attempt after consecutive failures: exponential with jitter, capped,
/// and never sooner than the collector's `Retry-After`.
///
/// After `n` consecutive failures (n ≥ 1) the nominal delay is `min(cap, base × 2^(n-1))`; the actual delay
/// is drawn uniformly from `[nominal × (1 - jitter), nominal]` (so many devices that failed together do
/// not retry together). A `Retry-After` of `r` seconds makes the delay `max(r, drawn)`, with `r` itself
/// capped at ``maximumRetryAfter`` so a broken header cannot silence uploads for days. The random source
/// is injected so tests are deterministic.
package struct UploadBackoffPolicy: Sendable {
    // MARK: - Internal

    /// The first delay, before jitter.
    package var base: TimeInterval
    /// The largest delay, before jitter.
    package var cap: TimeInterval
    /// The fraction of the nominal delay that jitter may take off, in `0…1`.
    package var jitter: Double
    /// The longest `Retry-After` honoured.
    package var maximumRetryAfter: TimeInterval
    /// A uniform random number in `0..<1`.
    package var random: @Sendable () -> Double

    package init(base: TimeInterval = 1, cap: TimeInterval = 300, jitter: Double = 0.5, maximumRetryAfter: TimeInterval = 3600,
                 random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.base = base
        self.cap = cap
        self.jitter = jitter
        self.maximumRetryAfter = maximumRetryAfter
        self.random = random
    }

    /// The delay before the next attempt.
    /// - Parameters:
    ///   - failures: Consecutive failed attempts so far, including the one just made (at least 1).
    ///   - retryAfter: The collector's `Retry-After`, in seconds, if it sent one.
    package func delay(afterFailures failures: Int, retryAfter: TimeInterval? = nil) -> TimeInterval {
        let exponent = Double(min(max(failures, 1) - 1, 62))
        let nominal = min(cap, base * pow(2, exponent))
        let fraction = min(max(jitter, 0), 1)
        let drawn = nominal * (1 - fraction * min(max(random(), 0), 1))
        guard let retryAfter else { return drawn }
        return max(min(max(retryAfter, 0), maximumRetryAfter), drawn)
    }
}
