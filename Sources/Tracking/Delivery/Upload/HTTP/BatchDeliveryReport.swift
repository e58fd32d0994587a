import Foundation

/// What became of each message of a batch after ``WireBatchSender/deliver(_:failuresSoFar:)``.
///
/// Delete ``delivered`` and ``rejected`` from the queue; keep ``kept`` and try them again after
/// ``retryDelay``.
package struct BatchDeliveryReport: Sendable, Equatable {
    /// Accepted by the collector (2xx).
    package var delivered: [String] = []
    /// Refused for good (4xx, or 413 for a single message); a diagnostic was reported.
    package var rejected: [String] = []
    /// Not delivered yet; retry after ``retryDelay``.
    package var kept: [String] = []
    /// Seconds to wait before retrying ``kept``; `nil` when nothing is kept.
    package var retryDelay: TimeInterval?
    /// Consecutive failed attempts after this delivery (0 once a request succeeded), for the next call.
    package var failures = 0
    /// Each request's outcome, in order.
    package var outcomes: [UploadOutcome] = []
}
