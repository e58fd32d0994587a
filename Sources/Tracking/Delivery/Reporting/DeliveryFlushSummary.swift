import Foundation

/// What one ``DeliverySink/flushAndWait()`` did.
///
/// ```swift
/// let summary = await delivery.flushAndWait()
/// print("\(summary.delivered) delivered in \(summary.requests) requests, \(summary.kept) kept")
/// ```
public struct DeliveryFlushSummary: Sendable, Equatable {
    // MARK: - Public

    /// Events the collector accepted during this flush.
    public var delivered: Int
    /// Events still queued when the flush ended (a failure to retry later, a backoff still running, or
    /// more than one flush sends).
    public var kept: Int
    /// Events dropped for good during this flush (rejected by the collector or too large), with a diagnostic.
    public var rejected: Int
    /// Requests sent during this flush (each half of a 413 split counts).
    public var requests: Int

    /// Creates a summary.
    /// - Parameters:
    ///   - delivered: Events accepted.
    ///   - kept: Events still queued.
    ///   - rejected: Events dropped for good.
    ///   - requests: Requests sent.
    public init(delivered: Int = 0, kept: Int = 0, rejected: Int = 0, requests: Int = 0) {
        self.delivered = delivered
        self.kept = kept
        self.rejected = rejected
        self.requests = requests
    }
}
