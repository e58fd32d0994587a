import Foundation

/// What became of each message of a batch after ``WireBatchSender/deliver(_:failuresSoFar:)``.
///
/// Delete ``delivered`` and ``rejected`` from the queue; keep ``kept`` and try them again after
/// ``retryDelay``.
struct BatchDeliveryReport: Sendable, Equatable {
    /// Accepted by the collector (2xx).
    var delivered: [String] = []
    /// Refused for good (4xx, or 413 for a single message); a diagnostic was reported.
    var rejected: [String] = []
    /// Not delivered yet; retry after ``retryDelay``.
    var kept: [String] = []
    /// Seconds to wait before retrying ``kept``; `nil` when nothing is kept.
    var retryDelay: TimeInterval?
    /// Consecutive failed attempts after this delivery (0 once a request succeeded), for the next call.
    var failures = 0
    /// Each request's outcome, in order.
    var outcomes: [UploadOutcome] = []
}
