import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackCollector
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class LoopbackCollectorTests: XCTestCase {
    private var collector: LoopbackCollector!
    private var session: URLSession!

    override func setUpWithError() throws {
        collector = try LoopbackCollector()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        session = URLSession(configuration: configuration)
    }

    override func tearDown() {
        session.invalidateAndCancel()
        collector.stop()
    }

    func testRecordsMethodPathHeadersAndBodyAndAnswersSuccess() throws {
        let body = Data(#"{"batch":[]}"#.utf8)
        let result = send(body: body, headers: ["Content-Type": "application/json", "X-Probe": "one"])
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.body, #"{"success":true}"#)
        let request = try XCTUnwrap(collector.requests.first)
        XCTAssertEqual(collector.requests.count, 1)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/v1/batch")
        XCTAssertEqual(request.header("x-probe"), "one")
        XCTAssertEqual(request.header("Content-Type"), "application/json")
        XCTAssertEqual(request.header("content-length"), String(body.count))
        XCTAssertEqual(request.body, body)
        XCTAssertEqual(request.behaviour, .accept)
    }

    func testAnswersTheScriptInOrderThenTheDefault() {
        collector.enqueue(.serverError, .serviceUnavailable(retryAfter: "7"), .tooManyRequests(retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT"),
                          .payloadTooLarge, .badRequest, .status(408, headers: ["X-Why": "slow"], body: "{}"))
        collector.defaultBehaviour = .status(202, headers: [:], body: "{}")
        let results = (0..<7).map { _ in send(body: Data("{}".utf8)) }
        XCTAssertEqual(results.map(\.status), [500, 503, 429, 413, 400, 408, 202])
        XCTAssertEqual(results[1].headers["Retry-After"], "7")
        XCTAssertEqual(results[2].headers["Retry-After"], "Wed, 21 Oct 2026 07:28:00 GMT")
        XCTAssertNil(results[0].headers["Retry-After"])
        XCTAssertEqual(results[5].headers["X-Why"], "slow")
        XCTAssertEqual(collector.requests.map(\.behaviour).last, .status(202, headers: [:], body: "{}"))
    }

    func testKeepAliveServesSequentialRequestsOnOneConnection() {
        let statuses = (0..<5).map { _ in send(body: Data("{}".utf8)).status }
        XCTAssertEqual(statuses, [200, 200, 200, 200, 200])
        XCTAssertEqual(collector.requests.count, 5)
        XCTAssertEqual(collector.acceptedConnections, 1)
    }

    func testReadsLargeBodiesAndChunkedBodies() throws {
        let large = Data((0..<1_200_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        XCTAssertEqual(send(body: large).status, 200)
        XCTAssertEqual(collector.requests.last?.body, large)

        var request = URLRequest(url: collector.url(path: "/stream"))
        request.httpMethod = "POST"
        let streamed = Data(repeating: 0x61, count: 70_000)
        request.httpBodyStream = InputStream(data: streamed)
        let result = perform(request)
        XCTAssertEqual(result.status, 200)
        let recorded = try XCTUnwrap(collector.requests.last)
        XCTAssertEqual(recorded.path, "/stream")
        XCTAssertEqual(recorded.body, streamed)
        // URLSession (libcurl on Linux) streams a body of unknown length chunked.
        XCTAssertEqual(recorded.header("Transfer-Encoding"), "chunked")
    }

    func testStallHoldsTheRequestUntilTheClientTimesOut() throws {
        collector.enqueue(.stall)
        var request = URLRequest(url: collector.url(path: "/v1/batch"))
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        // The client gives up only when told (cancel, below), so no client timeout races the collector.
        request.timeoutInterval = 120
        let stalled = start(request)
        let recorded = try XCTUnwrap(collector.waitForRequests(count: 1, timeout: 60), "the collector never read the request")
        XCTAssertEqual(recorded.map(\.behaviour), [.stall])
        // A later request on its own connection is answered while the stalled one is still held open.
        XCTAssertEqual(send(body: Data("{}".utf8)).status, 200)
        XCTAssertEqual(collector.openConnections, 2, "the stalled connection is held")
        XCTAssertNil(stalled.result, "the stalled request got an answer")
        stalled.task.cancel()
        let result = try XCTUnwrap(stalled.wait(), "the cancelled request never completed")
        XCTAssertNil(result.status)
        XCTAssertEqual((result.error as? URLError)?.code, .cancelled)
        XCTAssertTrue(eventually { collector.openConnections == 1 }, "the stall did not end when the client gave up")
        XCTAssertEqual(collector.requests.map(\.behaviour), [.stall, .accept])
    }

    func testDropClosesWithoutAnswering() {
        collector.enqueue(.dropConnection)
        let dropped = send(body: Data("{}".utf8))
        XCTAssertNil(dropped.status)
        XCTAssertNotNil(dropped.error)
        XCTAssertEqual(collector.requests.count, 1)
        XCTAssertEqual(send(body: Data("{}".utf8)).status, 200)
    }

    func testConcurrentClientsAreAllRecorded() {
        let group = DispatchGroup()
        let statuses = LockedStatuses()
        for index in 0..<12 {
            group.enter()
            var request = URLRequest(url: collector.url(path: "/r\(index)"))
            request.httpMethod = "POST"
            request.httpBody = Data("{\"i\":\(index)}".utf8)
            session.dataTask(with: request) { _, response, _ in
                statuses.append((response as? HTTPURLResponse)?.statusCode ?? -1)
                group.leave()
            }.resume()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 90), .success)
        XCTAssertEqual(statuses.all, Array(repeating: 200, count: 12))
        XCTAssertEqual(Set(collector.requests.map(\.path)), Set((0..<12).map { "/r\($0)" }))
    }

    func testStopEndsStalledConnectionsClosesDescriptorsAndRefusesNewConnections() throws {
        #if os(Linux)
        let descriptorsBefore = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        #endif
        let second = try LoopbackCollector()
        second.enqueue(.stall)
        var request = URLRequest(url: second.url(path: "/v1/batch"))
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        let finished = expectation(description: "stalled request ends")
        let outcome = LockedStatuses()
        session.dataTask(with: request) { _, response, _ in
            outcome.append((response as? HTTPURLResponse)?.statusCode ?? -1)
            finished.fulfill()
        }.resume()
        XCTAssertNotNil(second.waitForRequests(count: 1, timeout: 60))
        XCTAssertEqual(second.openConnections, 1)
        let port = second.port
        second.stop()
        wait(for: [finished], timeout: 60)
        XCTAssertEqual(outcome.all, [-1])
        XCTAssertEqual(second.openConnections, 0)
        var refused = URLRequest(url: second.url(path: "/"))
        refused.timeoutInterval = 60
        let afterStop = perform(refused)
        XCTAssertNil(afterStop.status)
        XCTAssertEqual((afterStop.error as? URLError)?.code, .cannotConnectToHost)
        // The port is free again.
        let third = try LoopbackCollector(port: port)
        XCTAssertEqual(third.port, port)
        third.stop()
        #if os(Linux)
        session.invalidateAndCancel()
        session = URLSession(configuration: .ephemeral)
        // URLSession closes its own sockets on its threads, a little later: poll, bounded, before judging.
        var descriptorsAfter = Int.max
        let deadline = Date(timeIntervalSinceNow: 60)
        repeat {
            descriptorsAfter = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
            if descriptorsAfter <= descriptorsBefore + 2 { break }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        XCTAssertLessThanOrEqual(descriptorsAfter, descriptorsBefore + 2, "collector descriptors leaked")
        #endif
    }

    func testReleasingTheCollectorStopsIt() throws {
        var released: LoopbackCollector? = try LoopbackCollector()
        let port = try XCTUnwrap(released?.port)
        XCTAssertThrowsError(try LoopbackCollector(port: port), "the port is taken while it listens")
        released = nil
        let again = try LoopbackCollector(port: port)
        XCTAssertEqual(again.port, port)
        again.stop()
    }

    func testMalformedRequestGets400AndIsNotRecorded() throws {
        let reply = try rawExchange("GARBAGE\r\n\r\n")
        XCTAssertTrue(reply.hasPrefix("HTTP/1.1 400 "), reply)
        XCTAssertEqual(collector.requests.count, 0)
    }

    func testOversizedBodyGets413() throws {
        let small = try LoopbackCollector(limits: { var limits = LoopbackCollector.Limits(); limits.maximumBodyBytes = 10; return limits }())
        defer { small.stop() }
        let reply = try rawExchange("POST /v1/batch HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n01234567890", port: small.port)
        XCTAssertTrue(reply.hasPrefix("HTTP/1.1 413 "), reply)
    }

    // MARK: - Private

    private struct Result {
        var status: Int?
        var headers: [String: String] = [:]
        var body = ""
        var error: Error?
    }

    private func send(body: Data, headers: [String: String] = [:]) -> Result {
        var request = URLRequest(url: collector.url(path: "/v1/batch"))
        request.httpMethod = "POST"
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return perform(request)
    }

    private func perform(_ request: URLRequest) -> Result {
        let exchange = start(request)
        let result = exchange.wait()
        XCTAssertNotNil(result, "no answer and no error within 90 s")
        return result ?? Result()
    }

    /// Starts `request`; its result arrives in the returned exchange.
    private func start(_ request: URLRequest) -> Exchange {
        let exchange = Exchange()
        exchange.task = session.dataTask(with: request) { data, response, error in
            var result = Result(error: error)
            if let http = response as? HTTPURLResponse {
                result.status = http.statusCode
                for (key, value) in http.allHeaderFields {
                    if let key = key as? String, let value = value as? String { result.headers[key] = value }
                }
            }
            result.body = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
            exchange.complete(with: result)
        }
        exchange.task.resume()
        return exchange
    }

    /// Writes raw bytes over a plain socket (for requests URLSession would never send) and reads the reply.
    private func rawExchange(_ text: String, port: UInt16? = nil) throws -> String {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port ?? collector.port).bigEndian
        address.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(connected, 0)
        let bytes = Array(text.utf8)
        XCTAssertEqual(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, bytes.count) }, bytes.count)
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, 4096, 0) }
        return String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
    }

    /// One request in flight and, once it completed, its result.
    private final class Exchange: @unchecked Sendable {
        var task: URLSessionDataTask!
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private var value: Result?

        /// The result, or `nil` while the request is in flight.
        var result: Result? { lock.withLock { value } }

        func complete(with result: Result) {
            lock.withLock { value = result }
            done.signal()
        }

        /// Waits (bounded far beyond any healthy exchange) for the result.
        func wait() -> Result? {
            _ = done.wait(timeout: .now() + 90)
            return result
        }
    }

    /// Polls `condition`, bounded by a minute; returns whether it held.
    private func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        while !condition(), Date() < deadline { usleep(2_000) }
        return condition()
    }
}

/// Status codes appended from URLSession's delegate queue.
final class LockedStatuses: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []

    func append(_ value: Int) { lock.withLock { values.append(value) } }
    var all: [Int] { lock.withLock { values.sorted() } }
}
