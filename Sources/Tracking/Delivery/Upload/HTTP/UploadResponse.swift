import Foundation

/// What one upload request came back with.
package enum UploadResponse: Sendable, Equatable {
    /// The collector answered with `status`; `retryAfter` and `location` are the raw `Retry-After` and
    /// `Location` headers, if any; `body` the first 64 KiB of the body when the destination reads it
    /// (``WireDestination/readsResponseBody(status:)``), else `nil`.
    case http(status: Int, retryAfter: String?, location: String? = nil, body: Data? = nil)
    /// No answer: the request failed in transport (`URLError` code, or `nil` for a non-URL error), described
    /// by its codes only (``TrackingDiagnostic/errorCodes(of:)``): an error's text may name the host or a URL.
    case failed(URLError.Code?, description: String)
}
