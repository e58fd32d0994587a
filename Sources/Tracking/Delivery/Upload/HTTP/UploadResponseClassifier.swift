import Foundation

/// Turns an ``UploadResponse`` into an ``UploadOutcome``: 2xx delivered; 408, 429, 5xx, timeouts and
/// transport errors retried; 3xx (redirects are not followed) retried with a diagnostic naming the
/// status; 413 split; other 4xx rejected; offline retried quietly.
///
/// 1xx cannot reach here as a final answer (URLSession consumes it), so anything else outside 200…599 is
/// treated as a transport error and retried.
package enum UploadResponseClassifier {
    // MARK: - Internal

    /// The outcome of `response`; `now` is used to read an HTTP-date `Retry-After`.
    package static func outcome(of response: UploadResponse, now: Date) -> UploadOutcome {
        switch response {
        case .http(let status, let retryAfter, let location, _):
            switch status {
            case 200..<300:
                return .delivered
            case 300..<400:
                return .retry(.redirected(status: status, location: location), retryAfter: nil)
            case 408, 429, 500..<600:
                return .retry(.status(status), retryAfter: retryAfter.flatMap { RetryAfter.seconds(from: $0, now: now) })
            case 413:
                return .split
            case 400..<500:
                return .reject(status: status)
            default:
                return .retry(.transport("unexpected status \(status)"), retryAfter: nil)
            }
        case .failed(let code, let description):
            guard let code else { return .retry(.transport(description), retryAfter: nil) }
            if offlineCodes.contains(code) { return .retry(.offline, retryAfter: nil) }
            if code == .timedOut { return .retry(.timedOut, retryAfter: nil) }
            return .retry(.transport(description), retryAfter: nil)
        }
    }

    // MARK: - Private

    /// No route to the collector: the device is offline or nothing listens. Waiting is the only remedy,
    /// so these are retried without a diagnostic.
    private static let offlineCodes: Set<URLError.Code> = [
        .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost,
        .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed, .callIsActive,
    ]
}
