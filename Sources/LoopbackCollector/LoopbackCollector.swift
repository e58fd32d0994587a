import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 that records every request and answers as scripted: the collector
/// that tests, benchmarks and the demo upload to.
///
/// It listens on a free port (or the one given), serves each connection on its own thread with keep-alive,
/// reads `Content-Length` and chunked bodies, answers `100 Continue` when asked, and gunzips
/// `Content-Encoding: gzip` bodies before recording them. Answers come from a FIFO of
/// ``CollectorBehaviour``s, then ``defaultBehaviour``. Everything is bounded: connections, head and body
/// sizes, idle time, stall time. ``stop()``, or releasing the collector, wakes and joins every thread and
/// closes every descriptor.
///
/// ```swift
/// let collector = try LoopbackCollector()
/// defer { collector.stop() }
/// collector.enqueue(.serviceUnavailable(retryAfter: "1"))
/// // POST to collector.url(path: "/v1/batch") …
/// let requests = collector.waitForRequests(count: 2, timeout: 5)
/// ```
public final class LoopbackCollector: Sendable {
    // MARK: - Public

    /// Bounds on what one collector will hold.
    public struct Limits: Sendable {
        /// Connections served at once; more are closed on accept.
        public var maximumConnections = 32
        /// Largest request head (request line and headers).
        public var maximumHeadBytes = 64 * 1024
        /// Largest body, on the wire and decoded; larger requests get 413.
        public var maximumBodyBytes = 16 * 1024 * 1024
        /// How long an idle keep-alive connection stays open.
        public var idleTimeout: TimeInterval = 30
        /// How long a ``CollectorBehaviour/stall`` holds a connection at most.
        public var maximumStall: TimeInterval = 60
        /// Requests kept in ``requests``; the oldest are forgotten beyond it.
        public var maximumRecordedRequests = 10_000

        /// The default limits.
        public init() {}
    }

    /// The port it listens on.
    public var port: UInt16 { server.port }

    /// Starts listening on 127.0.0.1.
    /// - Parameters:
    ///   - port: The port, or 0 (the default) for a free one chosen by the system.
    ///   - limits: Bounds on connections, sizes and times.
    /// - Throws: When the socket cannot be created or bound (for example, the port is taken).
    public init(port: UInt16 = 0, limits: Limits = Limits()) throws {
        server = try CollectorServer(port: port, limits: limits)
    }

    deinit {
        server.stop()
    }

    /// `http://127.0.0.1:<port><path>`.
    /// - Parameter path: The path, starting with `/`.
    public func url(path: String = "/") -> URL {
        server.url(path: path)
    }

    /// Appends answers for the next requests, in order.
    /// - Parameter behaviours: One behaviour per request.
    public func enqueue(_ behaviours: CollectorBehaviour...) {
        server.enqueue(contentsOf: behaviours)
    }

    /// How requests beyond the script are answered (``CollectorBehaviour/accept`` by default).
    public var defaultBehaviour: CollectorBehaviour {
        get { server.defaultBehaviour }
        set { server.defaultBehaviour = newValue }
    }

    /// Every request received so far, in arrival order.
    public var requests: [CollectedRequest] { server.requests }

    /// Connections accepted so far (keep-alive shows as fewer connections than requests).
    public var acceptedConnections: Int { server.acceptedConnections }

    /// Connections open now.
    public var openConnections: Int { server.openConnections }

    /// Waits until at least `count` requests have arrived.
    /// - Parameters:
    ///   - count: How many requests to wait for.
    ///   - timeout: The most seconds to wait.
    /// - Returns: The requests, or `nil` if fewer than `count` arrived in time.
    public func waitForRequests(count: Int, timeout: TimeInterval) -> [CollectedRequest]? {
        server.waitForRequests(count: count, timeout: timeout)
    }

    /// Stops listening, wakes every stalled or idle connection, closes them and joins every thread.
    /// Idempotent.
    public func stop() {
        server.stop()
    }

    // MARK: - Private

    private let server: CollectorServer
}
