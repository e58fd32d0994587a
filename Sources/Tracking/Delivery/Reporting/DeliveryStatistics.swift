import Foundation

/// Counters of a ``DeliverySink`` since it was created (``queued`` and ``pending`` are current sizes).
///
/// ```swift
/// let stats = delivery.statistics
/// print("\(stats.delivered) of \(stats.stored) delivered in \(stats.batchesDelivered) batches")
/// ```
public struct DeliveryStatistics: Sendable, Equatable {
    // MARK: - Public

    /// Events the sink stored (in the upload queue or the pending area).
    public var stored: Int
    /// Events the collector accepted.
    public var delivered: Int
    /// Events dropped for good: rejected by the collector, too large for the wire, or refused while
    /// consent was denied.
    public var dropped: Int
    /// Events in the upload queue now, not yet delivered (the open segment included).
    public var queued: Int
    /// Events in the pending area now (stored while consent was pending).
    public var pending: Int
    /// Upload requests sent.
    public var requests: Int
    /// Requests the collector accepted (2xx).
    public var batchesDelivered: Int

    /// Creates statistics.
    /// - Parameters:
    ///   - stored: Events stored.
    ///   - delivered: Events delivered.
    ///   - dropped: Events dropped for good.
    ///   - queued: Events in the upload queue now.
    ///   - pending: Events in the pending area now.
    ///   - requests: Requests sent.
    ///   - batchesDelivered: Requests accepted.
    public init(stored: Int = 0, delivered: Int = 0, dropped: Int = 0, queued: Int = 0, pending: Int = 0,
                requests: Int = 0, batchesDelivered: Int = 0) {
        self.stored = stored
        self.delivered = delivered
        self.dropped = dropped
        self.queued = queued
        self.pending = pending
        self.requests = requests
        self.batchesDelivered = batchesDelivered
    }
}
