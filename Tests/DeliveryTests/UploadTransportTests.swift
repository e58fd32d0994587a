import Foundation
import LoopbackCollector
@testable import Tracking
import TestSupport
import XCTest

/// The upload path through real URLSession requests to a real HTTP server on 127.0.0.1.
final class UploadTransportTests: XCTestCase {
    private var collector: LoopbackCollector!
    private let diagnostics = DiagnosticLog()

    override func setUpWithError() throws {
        collector = try LoopbackCollector()
    }

    override func tearDown() {
        collector.stop()
    }

    func testPostsTheBatchWithBasicAuthJSONAndSentAtAtSendingTime() async throws {
        let sentAt = Date(timeIntervalSince1970: 1_795_000_123.456)
        var sender = try makeSender()
        sender.now = { sentAt }
        let batch = Self.batch(count: 3)
        let report = await sender.deliver(batch, failuresSoFar: 0)
        XCTAssertEqual(report, BatchDeliveryReport(delivered: ["m-0", "m-1", "m-2"], failures: 0, outcomes: [.delivered]))
        let request = try XCTUnwrap(collector.requests.first)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/v1/batch")
        XCTAssertEqual(request.header("Authorization"), "Basic " + Data("write-key-1:".utf8).base64EncodedString())
        XCTAssertEqual(request.header("Content-Type"), "application/json")
        XCTAssertNil(request.header("Content-Encoding"))
        XCTAssertEqual(request.body, batch.body(sentAt: sentAt))
        let json = try XCTUnwrap(request.jsonBody as? [String: Any])
        XCTAssertEqual(json["sentAt"] as? String, "2026-11-18T11:08:43.456Z")
        XCTAssertEqual(request.messageIds, ["m-0", "m-1", "m-2"])
        XCTAssertEqual(diagnostics.codes, [])
    }

    func testGzipBodiesArriveCompressedAndDecodeToTheBatch() async throws {
        let sender = try makeSender(gzip: true)
        let batch = Self.batch(count: 50)
        let report = await sender.deliver(batch, failuresSoFar: 0)
        XCTAssertEqual(report.delivered.count, 50)
        let request = try XCTUnwrap(collector.requests.first)
        XCTAssertEqual(request.header("Content-Encoding"), "gzip")
        XCTAssertLessThan(request.wireBodySize * 4, request.body.count, "gzip should shrink repetitive JSON several-fold")
        XCTAssertEqual(request.messageIds, (0..<50).map { "m-\($0)" })
    }

    func testServerErrorsAndThrottlingKeepTheBatchAndBackOff() async throws {
        collector.enqueue(.serverError, .serviceUnavailable(retryAfter: "7"), .tooManyRequests(retryAfter: "Wed, 18 Nov 2026 11:07:10 GMT"),
                          .status(408, headers: [:], body: ""))
        var sender = try makeSender()
        sender.now = { Date(timeIntervalSince1970: 1_795_000_000) }
        let batch = Self.batch(count: 2)
        var failures = 0
        var delays: [TimeInterval] = []
        for _ in 0..<4 {
            let report = await sender.deliver(batch, failuresSoFar: failures)
            XCTAssertEqual(report.kept, ["m-0", "m-1"])
            XCTAssertEqual(report.delivered, [])
            failures = report.failures
            delays.append(try XCTUnwrap(report.retryDelay))
        }
        // random() is 0: nominal delays 1, 2, 4, 8; Retry-After 7 and 30 (the date) are floors.
        XCTAssertEqual(delays, [1, 7, 30, 8])
        XCTAssertEqual(failures, 4)
        let final = await sender.deliver(batch, failuresSoFar: failures)
        XCTAssertEqual(final.delivered, ["m-0", "m-1"])
        XCTAssertEqual(final.failures, 0)
        XCTAssertEqual(diagnostics.codes, Array(repeating: .uploadFailed, count: 4))
        // Every attempt carried the same messageIds.
        let ids = collector.requests.map(\.messageIds)
        XCTAssertEqual(ids, Array(repeating: ["m-0", "m-1"], count: 5))
    }

    func testPayloadTooLargeSplitsUntilItFits() async throws {
        collector.enqueue(.payloadTooLarge, .payloadTooLarge)
        let sender = try makeSender()
        let report = await sender.deliver(Self.batch(count: 4), failuresSoFar: 0)
        XCTAssertEqual(report.delivered, ["m-0", "m-1", "m-2", "m-3"])
        XCTAssertEqual(report.outcomes, [.split, .split, .delivered, .delivered, .delivered])
        XCTAssertEqual(collector.requests.map(\.messageIds),
                       [["m-0", "m-1", "m-2", "m-3"], ["m-0", "m-1"], ["m-0"], ["m-1"], ["m-2", "m-3"]])
        XCTAssertEqual(diagnostics.codes, [])
    }

    func testPayloadTooLargeForOneMessageDropsItAndKeepsGoing() async throws {
        collector.enqueue(.payloadTooLarge, .payloadTooLarge)
        let sender = try makeSender()
        let report = await sender.deliver(Self.batch(count: 2), failuresSoFar: 0)
        XCTAssertEqual(report.rejected, ["m-0"])
        XCTAssertEqual(report.delivered, ["m-1"])
        XCTAssertEqual(diagnostics.codes, [.messageTooLarge])
    }

    func testOtherClientErrorsDropTheBatchWithADiagnostic() async throws {
        collector.enqueue(.badRequest)
        let sender = try makeSender()
        let report = await sender.deliver(Self.batch(count: 3), failuresSoFar: 2)
        XCTAssertEqual(report.rejected, ["m-0", "m-1", "m-2"])
        XCTAssertEqual(report.kept, [])
        XCTAssertNil(report.retryDelay)
        XCTAssertEqual(diagnostics.codes, [.batchRejected])
        XCTAssertEqual(collector.requests.count, 1)
    }

    func testAStalledCollectorTimesOutAndTheBatchIsKept() async throws {
        collector.enqueue(.stall)
        let sender = try makeSender(timeout: 2)
        let report = await sender.deliver(Self.batch(count: 2), failuresSoFar: 0)
        XCTAssertEqual(report.outcomes, [.retry(.timedOut, retryAfter: nil)])
        XCTAssertEqual(report.kept, ["m-0", "m-1"])
        XCTAssertEqual(diagnostics.codes, [.uploadFailed])
        // The stall was spent on this request (the client's timeout did not come before the collector read
        // it), so the retry cannot be the one it holds.
        XCTAssertEqual(collector.waitForRequests(count: 1, timeout: 60)?.map(\.behaviour), [.stall])
        let again = await sender.deliver(Self.batch(count: 2), failuresSoFar: report.failures)
        XCTAssertEqual(again.delivered, ["m-0", "m-1"])
    }

    func testADroppedConnectionIsRetried() async throws {
        collector.enqueue(.dropConnection)
        let sender = try makeSender()
        let report = await sender.deliver(Self.batch(count: 2), failuresSoFar: 0)
        guard case .retry(let reason, nil)? = report.outcomes.first, reason != .offline else {
            return XCTFail("expected a noteworthy retry, got \(report.outcomes)")
        }
        XCTAssertEqual(report.kept, ["m-0", "m-1"])
        XCTAssertEqual(diagnostics.codes, [.uploadFailed])
        let again = await sender.deliver(Self.batch(count: 2), failuresSoFar: report.failures)
        XCTAssertEqual(again.delivered, ["m-0", "m-1"])
    }

    func testACollectorThatIsDownIsOfflineQuietlyThenReceivesTheSameMessages() async throws {
        let port = collector.port
        collector.stop()
        let sender = try makeSender(port: port)
        var failures = 0
        for _ in 0..<3 {
            let report = await sender.deliver(Self.batch(count: 2), failuresSoFar: failures)
            XCTAssertEqual(report.outcomes, [.retry(.offline, retryAfter: nil)])
            XCTAssertEqual(report.kept, ["m-0", "m-1"])
            failures = report.failures
        }
        XCTAssertEqual(failures, 3)
        XCTAssertEqual(diagnostics.codes, [], "offline is not an error")
        collector = try LoopbackCollector(port: port)
        let report = await sender.deliver(Self.batch(count: 2), failuresSoFar: failures)
        XCTAssertEqual(report.delivered, ["m-0", "m-1"])
        XCTAssertEqual(collector.requests.map(\.messageIds), [["m-0", "m-1"]])
    }

    func testInvalidEndpointHasNoTransport() {
        XCTAssertNil(HTTPUploadTransport(configuration: .init(endpoint: TrackingEndpoint(host: ""), writeKey: "k")))
    }

    // MARK: - Private

    private func makeSender(gzip: Bool = false, timeout: TimeInterval = 60, port: UInt16? = nil) throws -> WireBatchSender {
        let endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: Int(port ?? collector.port))
        let transport = try XCTUnwrap(HTTPUploadTransport(configuration: .init(endpoint: endpoint, writeKey: "write-key-1", gzip: gzip, timeout: timeout)))
        var backoff = UploadBackoffPolicy()
        backoff.random = { 0 }
        let log = diagnostics
        return WireBatchSender(transport: transport, backoff: backoff, diagnostics: { log.append($0) })
    }

    private static func batch(count: Int) -> WireBatch {
        WireBatch((0..<count).map { WireBatchBuilderTests.message($0, padding: 200) })
    }
}
