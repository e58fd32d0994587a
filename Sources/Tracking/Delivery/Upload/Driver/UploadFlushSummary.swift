import Foundation

/// What one ``UploadDriver/flush()`` did.
package struct UploadFlushSummary: Sendable, Equatable {
    /// Requests sent (a 413 split counts each half).
    package var requests = 0
    /// Messages the collector accepted.
    package var delivered = 0
    /// Messages dropped for good (rejected batches, single messages still too large).
    package var rejected = 0
    /// Seconds until the next attempt is allowed, when the flush stopped on a failure.
    package var retryDelay: TimeInterval?
    /// `true` when the flush sent nothing because a backoff was still running.
    package var waitedForBackoff = false

    package init() {}
}
