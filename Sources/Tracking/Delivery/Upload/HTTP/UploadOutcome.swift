import Foundation

/// What to do with a batch after an upload attempt.
package enum UploadOutcome: Sendable, Equatable {
    /// Why a batch is kept for another attempt.
    package enum RetryReason: Sendable, Equatable, CustomStringConvertible {
        /// 408, 429 or 5xx.
        case status(Int)
        /// The request timed out (stalled collector, slow network).
        case timedOut
        /// No network or nothing listening: not an error, so no diagnostic.
        case offline
        /// Any other transport failure (dropped connection, TLS, DNS).
        case transport(String)
        /// A 3xx: the endpoint is not the collector's final URL. Redirects are not followed (URLSession
        /// would turn the POST into a GET without a body), so it is retried until the app fixes the endpoint.
        /// The description names the status only: a `Location` may carry tokens or personal data.
        case redirected(status: Int, location: String?)

        package var description: String {
            switch self {
            case .status(let status): return "HTTP \(status)"
            case .timedOut: return "timed out"
            case .offline: return "offline"
            case .transport(let detail): return detail
            case .redirected(let status, _):
                return "HTTP \(status) redirect not followed: set the endpoint to the collector's final URL"
            }
        }
    }

    /// 2xx: the collector has it; delete the batch.
    case delivered
    /// Keep the batch and try again after a backoff, at least `retryAfter` seconds when the collector said so.
    case retry(RetryReason, retryAfter: TimeInterval?)
    /// 413: send the batch in halves (a single message that is still too large is dropped).
    case split
    /// Another 4xx: the collector will never take this batch; drop it with a diagnostic.
    case reject(status: Int)
    /// The collector refused the messages at `indices` (positions in the batch, sorted) and nothing else:
    /// drop those with a diagnostic and send the rest again (Amplitude's 400 listing rejected events).
    case rejectSome(status: Int, indices: [Int])

    /// Whether the failure deserves a diagnostic: everything but delivery and being offline.
    package var isNoteworthy: Bool {
        switch self {
        case .delivered, .retry(.offline, _): return false
        default: return true
        }
    }
}
