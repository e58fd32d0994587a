import Foundation

/// The collector's server: the listening socket, the threads and the recorded requests. Its threads keep
/// it alive until ``stop()``, so ``LoopbackCollector`` (which nothing but its owner retains) stops it from `deinit`.
final class CollectorServer: @unchecked Sendable {
    // MARK: - Internal

    /// The port it listens on.
    let port: UInt16

    /// Starts listening on 127.0.0.1.
    /// - Parameters:
    ///   - port: The port, or 0 (the default) for a free one chosen by the system.
    ///   - limits: Bounds on connections, sizes and times.
    /// - Throws: When the socket cannot be created or bound (for example, the port is taken).
    init(port: UInt16, limits: LoopbackCollector.Limits) throws {
        self.limits = limits
        let listener = try PosixSocket.listen(port: port, backlog: 64)
        do {
            wakePipe = try PosixSocket.makeWakePipe()
        } catch {
            PosixSocket.closeDescriptor(listener.descriptor)
            throw error
        }
        listenDescriptor = listener.descriptor
        self.port = listener.port
        startThread(name: "LoopbackCollector.accept") { [self] in acceptLoop() }
    }

    /// `http://127.0.0.1:<port><path>`.
    /// - Parameter path: The path, starting with `/`.
    func url(path: String = "/") -> URL {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = Int(port)
        components.path = path
        return components.url!
    }

    /// Appends answers for the next requests, in order.
    /// - Parameter behaviours: One behaviour per request.
    func enqueue(contentsOf behaviours: [CollectorBehaviour]) {
        condition.withLock { script.append(contentsOf: behaviours) }
    }

    /// How requests beyond the script are answered (``CollectorBehaviour/accept`` by default).
    var defaultBehaviour: CollectorBehaviour {
        get { condition.withLock { fallback } }
        set { condition.withLock { fallback = newValue } }
    }

    /// Every request received so far, in arrival order.
    var requests: [CollectedRequest] {
        condition.withLock { recorded }
    }

    /// Connections accepted so far (keep-alive shows as fewer connections than requests).
    var acceptedConnections: Int {
        condition.withLock { accepted }
    }

    /// Connections open now.
    var openConnections: Int {
        condition.withLock { connectionThreads }
    }

    /// Waits until at least `count` requests have arrived.
    /// - Parameters:
    ///   - count: How many requests to wait for.
    ///   - timeout: The most seconds to wait.
    /// - Returns: The requests, or `nil` if fewer than `count` arrived in time.
    func waitForRequests(count: Int, timeout: TimeInterval) -> [CollectedRequest]? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while recorded.count < count {
            guard condition.wait(until: deadline) else { break }
        }
        return recorded.count >= count ? recorded : nil
    }

    /// Stops listening, wakes every stalled or idle connection, closes them and joins every thread.
    /// Idempotent.
    func stop() {
        let shouldStop = condition.withLock { () -> Bool in
            guard !stopping else { return false }
            stopping = true
            return true
        }
        guard shouldStop else { return }
        PosixSocket.signal(wakePipe)
        let deadline = Date(timeIntervalSinceNow: 10)
        condition.lock()
        while liveThreads > 0, condition.wait(until: deadline) {}
        condition.unlock()
        PosixSocket.closeDescriptor(listenDescriptor)
        PosixSocket.closeDescriptor(wakePipe.read)
        PosixSocket.closeDescriptor(wakePipe.write)
    }

    // MARK: - Private

    private let limits: LoopbackCollector.Limits
    private let listenDescriptor: Int32
    private let wakePipe: (read: Int32, write: Int32)
    private let condition = NSCondition()
    private var script: [CollectorBehaviour] = []
    private var fallback: CollectorBehaviour = .accept
    private var recorded: [CollectedRequest] = []
    private var accepted = 0
    private var connectionThreads = 0
    private var liveThreads = 0
    private var stopping = false

    private func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
        condition.withLock { liveThreads += 1 }
        let thread = Thread { [self] in
            body()
            condition.withLock {
                liveThreads -= 1
                condition.broadcast()
            }
        }
        thread.name = name
        thread.start()
    }

    private func acceptLoop() {
        while true {
            guard PosixSocket.wait(for: listenDescriptor, orWake: wakePipe.read, timeout: 3600) == .readable else {
                if condition.withLock({ stopping }) { return }
                continue
            }
            guard let client = PosixSocket.accept(listenDescriptor) else { continue }
            let admitted = condition.withLock { () -> Bool in
                guard !stopping, connectionThreads < limits.maximumConnections else { return false }
                accepted += 1
                connectionThreads += 1
                return true
            }
            guard admitted else {
                PosixSocket.closeDescriptor(client)
                continue
            }
            startThread(name: "LoopbackCollector.connection") { [self] in
                serve(client)
                PosixSocket.closeDescriptor(client)
                condition.withLock { connectionThreads -= 1 }
            }
        }
    }

    private func serve(_ client: Int32) {
        var reader = HTTPRequestReader(
            descriptor: client, wake: wakePipe.read, idleTimeout: limits.idleTimeout,
            maximumHeadBytes: limits.maximumHeadBytes, maximumBodyBytes: limits.maximumBodyBytes,
            sendContinue: { _ = PosixSocket.write(client, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }
        )
        while true {
            let request: HTTPRequestReader.RawRequest
            do {
                request = try reader.next()
            } catch {
                if case .malformed(let status) = error {
                    _ = PosixSocket.write(client, Self.responseBytes(status: status, headers: [:], body: "", close: true))
                }
                return
            }
            let behaviour = record(request)
            guard let response = behaviour.response else {
                if behaviour == .stall {
                    // Ends when the client gives up (readable: its close), the collector stops, or the bound.
                    _ = PosixSocket.wait(for: client, orWake: wakePipe.read, timeout: limits.maximumStall)
                } else if behaviour == .endlessBody {
                    streamEndlessBody(to: client)
                }
                return
            }
            let close = request.closesConnection
            guard PosixSocket.write(client, Self.responseBytes(status: response.status, headers: response.headers, body: response.body, close: close)),
                  !close else { return }
        }
    }

    private func record(_ request: HTTPRequestReader.RawRequest) -> CollectorBehaviour {
        var body = Data(request.body)
        if request.header("Content-Encoding")?.lowercased() == "gzip" {
            body = Gunzip.decode(body, limit: limits.maximumBodyBytes) ?? Data()
        }
        return condition.withLock {
            let behaviour = script.isEmpty ? fallback : script.removeFirst()
            recorded.append(CollectedRequest(
                method: request.method, path: request.path, headers: request.headers, body: body,
                wireBodySize: request.body.count, receivedAt: Date(), behaviour: behaviour
            ))
            if recorded.count > limits.maximumRecordedRequests { recorded.removeFirst() }
            condition.broadcast()
            return behaviour
        }
    }

    /// Answers 200 and streams chunks until the client closes the connection (or stops reading), the
    /// collector stops, or the stall bound passes.
    private func streamEndlessBody(to client: Int32) {
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        _ = setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        guard PosixSocket.write(client, Array(head.utf8)) else { return }
        let chunk = Array("400\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 1024) + Array("\r\n".utf8)
        let deadline = Date(timeIntervalSinceNow: limits.maximumStall)
        while Date() < deadline {
            guard PosixSocket.write(client, chunk) else { return }
            // Readable means the client closed the connection (it sends nothing more on this one).
            guard PosixSocket.wait(for: client, orWake: wakePipe.read, timeout: 0.01) == .timedOut else { return }
        }
    }

    private static func responseBytes(status: Int, headers: [String: String], body: String, close: Bool) -> [UInt8] {
        let bodyBytes = Array(body.utf8)
        var head = "HTTP/1.1 \(status) \(reason(for: status))\r\n"
        head += "Content-Type: application/json\r\nContent-Length: \(bodyBytes.count)\r\n"
        head += close ? "Connection: close\r\n" : "Connection: keep-alive\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + bodyBytes
    }

    private static func reason(for status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 408: return "Request Timeout"
        case 413: return "Payload Too Large"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}
