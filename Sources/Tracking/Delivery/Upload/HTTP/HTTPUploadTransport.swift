import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts request bodies to an endpoint through URLSession: Basic auth with the write key, JSON, optional
/// gzip. One session per transport, its own delegate queue, so nothing runs on the main thread. Redirects
/// are not followed (see ``UploadSessionDelegate``); cancelling the calling task cancels the request.
///
/// It does not retry or interpret answers; ``UploadResponseClassifier`` and ``WireBatchSender`` do.
package final class HTTPUploadTransport: Sendable {
    // MARK: - Internal

    package struct Configuration: Sendable {
        package var endpoint: TrackingEndpoint
        /// Sent as the Basic auth user name, with an empty password, as Segment and RudderStack expect.
        package var writeKey: String
        /// Compress bodies and send `Content-Encoding: gzip`.
        package var gzip: Bool
        /// Seconds without progress before a request fails with `URLError.timedOut`.
        package var timeout: TimeInterval

        package init(endpoint: TrackingEndpoint, writeKey: String, gzip: Bool = false, timeout: TimeInterval = 30) {
            self.endpoint = endpoint
            self.writeKey = writeKey
            self.gzip = gzip
            self.timeout = timeout
        }
    }

    package let configuration: Configuration

    /// A transport, or `nil` when the endpoint's parts do not form a URL.
    package init?(configuration: Configuration) {
        guard let url = configuration.endpoint.url else { return nil }
        self.configuration = configuration
        self.url = url
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.timeoutIntervalForResource = max(configuration.timeout * 4, configuration.timeout)
        sessionConfiguration.httpMaximumConnectionsPerHost = 1
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpShouldSetCookies = false
        let queue = OperationQueue()
        queue.name = "Sightline.upload"
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: queue)
        authorization = "Basic " + Data("\(configuration.writeKey):".utf8).base64EncodedString()
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// The request that would carry `body` (compressed when configured and when compression succeeds).
    package func request(for body: Data) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        if configuration.gzip, let compressed = Gzip.compress(body) {
            request.setValue("gzip", forHTTPHeaderField: "Content-Encoding")
            request.httpBody = compressed
        } else {
            request.httpBody = body
        }
        return request
    }

    /// Posts `body` and returns the answer, or the transport failure. Cancelling the calling task cancels
    /// the request (it then fails with `URLError.cancelled`).
    package func send(_ body: Data) async -> UploadResponse {
        // A task without a completion handler: only then does URLSession ask the delegate about redirects
        // on every platform.
        let task = session.dataTask(with: request(for: body))
        return await withTaskCancellationHandler {
            await delegate.response(of: task)
        } onCancel: {
            task.cancel()
        }
    }

    /// Cancels what is in flight and releases the session.
    package func invalidate() {
        session.invalidateAndCancel()
    }

    // MARK: - Private

    private let url: URL
    private let delegate = UploadSessionDelegate()
    private let session: URLSession
    private let authorization: String
}
