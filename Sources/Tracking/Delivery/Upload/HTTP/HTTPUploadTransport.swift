import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts request bodies to an endpoint through URLSession: the destination's authorization (Segment's
/// Basic auth with the write key; none where the key travels in the body), JSON, optional gzip. One session per transport, its own delegate queue, so nothing runs on the main thread. Redirects
/// are not followed and response bodies are not read (see ``UploadSessionDelegate``); cancelling the
/// calling task cancels the request.
///
/// The session is created at the first request, not with the transport: creating one reads files (the
/// cookie and cache stores' locations, TLS settings, in swift-corelibs-foundation), and a ``DeliverySink``
/// created on the main thread touches none.
///
/// It does not retry or interpret answers; ``UploadResponseClassifier`` and ``WireBatchSender`` do.
package final class HTTPUploadTransport: @unchecked Sendable {
    // MARK: - Internal

    package struct Configuration: Sendable {
        package var endpoint: TrackingEndpoint
        /// The project's key: Segment's Basic auth user name, or the key the destination writes in bodies.
        package var writeKey: String
        /// The vendor's API: authorization, gzip support, which answers' bodies are read.
        package var destination: any WireDestination
        /// Compress bodies and send `Content-Encoding: gzip`.
        package var gzip: Bool
        /// Seconds without progress before a request fails with `URLError.timedOut`.
        package var timeout: TimeInterval
        /// Called after a request's body is built, before its gate is asked to start it: a test's hook
        /// into the window between reading a batch and sending it.
        package var willStart: (@Sendable () -> Void)?

        package init(endpoint: TrackingEndpoint, writeKey: String, destination: any WireDestination = SegmentDestination(),
                     gzip: Bool = false, timeout: TimeInterval = 30, willStart: (@Sendable () -> Void)? = nil) {
            self.endpoint = endpoint
            self.writeKey = writeKey
            self.destination = destination
            self.gzip = gzip
            self.timeout = timeout
            self.willStart = willStart
        }
    }

    package let configuration: Configuration

    /// A transport, or `nil` when the endpoint's parts do not form a URL or it would send the write key in
    /// cleartext to a host the app did not opt in (``TrackingEndpoint/refusesCleartext``).
    package init?(configuration: Configuration) {
        guard let url = configuration.endpoint.url, !configuration.endpoint.refusesCleartext else { return nil }
        self.configuration = configuration
        self.url = url
        let destination = configuration.destination
        delegate = UploadSessionDelegate(readsBody: { destination.readsResponseBody(status: $0) })
        authorization = destination.authorization(writeKey: configuration.writeKey)
    }

    deinit {
        lock.withLock { sessionState.session }?.finishTasksAndInvalidate()
    }

    /// The request that would carry `body` (compressed when configured and when compression succeeds).
    package func request(for body: Data) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let authorization {
            request.setValue(authorization, forHTTPHeaderField: "Authorization")
        }
        if configuration.gzip, configuration.destination.acceptsGzip, let compressed = Gzip.compress(body) {
            request.setValue("gzip", forHTTPHeaderField: "Content-Encoding")
            request.httpBody = compressed
        } else {
            request.httpBody = body
        }
        return request
    }

    /// Posts `body` if `gate` still allows `ticket` at the moment the request starts, and returns the
    /// answer, the transport failure, or `nil` when the gate refused (nothing was sent). Cancelling the
    /// calling task, or the gate cancelling the request, makes it fail with `URLError.cancelled`.
    /// - Parameters:
    ///   - body: The request body (compressed here when configured).
    ///   - gate: Decides, in the step that starts the request, whether it may start.
    ///   - ticket: The permission the body was built under.
    package func send(_ body: Data, through gate: any UploadGate = OpenUploadGate(),
                      ticket: UploadTicket = UploadTicket(generation: 0)) async -> UploadResponse? {
        // A task without a completion handler: only then does URLSession ask the delegate about redirects
        // and responses on every platform.
        guard let session = openSession() else { return nil }
        let task = session.dataTask(with: request(for: body))
        configuration.willStart?()
        let key = task.taskIdentifier
        defer { gate.finish(key) }
        return await withTaskCancellationHandler {
            await delegate.response(of: task) { resume in
                gate.start(ticket, key: key, cancel: { task.cancel() }, resume: resume)
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Cancels what is in flight and releases the session; nothing is sent after this.
    package func invalidate() {
        lock.withLock {
            sessionState.isInvalidated = true
            return sessionState.session
        }?.invalidateAndCancel()
    }

    // MARK: - Private

    /// The session, made at the first request (see the type's description).
    private struct SessionState {
        var session: URLSession?
        var isInvalidated = false
    }

    private let url: URL
    private let delegate: UploadSessionDelegate
    /// Guards `sessionState`, the one mutable part (hence `@unchecked Sendable`).
    private let lock = NSLock()
    private var sessionState = SessionState()
    private let authorization: String?

    /// The session, made now if this is the first request; `nil` once invalidated.
    private func openSession() -> URLSession? {
        lock.withLock {
            guard !sessionState.isInvalidated else { return nil }
            if let session = sessionState.session { return session }
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
            let session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: queue)
            sessionState.session = session
            return session
        }
    }
}
