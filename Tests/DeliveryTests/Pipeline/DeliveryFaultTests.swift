import Foundation
import LoopbackCollector
@testable import Tracking
import XCTest

/// Acceptance 29: every response class, end to end through the sink. Failures keep the batch and retry it
/// (after the backoff, at least `Retry-After`) with the same message ids until it is delivered; 413 splits;
/// other 4xx drop with a diagnostic; a collector that is down is offline, quietly, until it comes up.
final class DeliveryFaultTests: XCTestCase {
    func testServerError() async throws {
        try await assertRetriedUntilDelivered(after: .serverError, status: 500)
    }

    func testServiceUnavailable() async throws {
        try await assertRetriedUntilDelivered(after: .serviceUnavailable(retryAfter: nil), status: 503)
    }

    func testTooManyRequests() async throws {
        try await assertRetriedUntilDelivered(after: .tooManyRequests(retryAfter: nil), status: 429)
    }

    func testRequestTimeout() async throws {
        try await assertRetriedUntilDelivered(after: .status(408, headers: [:], body: ""), status: 408)
    }

    func testStalledCollectorTimesOut() async throws {
        try await assertRetriedUntilDelivered(after: .stall, status: nil, timeout: 2)
    }

    func testDroppedConnection() async throws {
        try await assertRetriedUntilDelivered(after: .dropConnection, status: nil)
    }

    func testSeveralFailuresInARow() async throws {
        try await assertRetriedUntilDelivered(after: .serverError, .dropConnection, .tooManyRequests(retryAfter: nil), status: 500)
    }

    func testRedirectsAreNotFollowedButRetriedWithADiagnosticNamingTheStatusNotTheLocation() throws {
        let fixture = try PipelineFixture()
        // A Location may carry a token or personal data: it never reaches a diagnostic.
        let moved = fixture.collector.url(path: "/landing").absoluteString + "?token=secret-token-42&user=alice%40example.com"
        fixture.collector.enqueue(
            .status(301, headers: ["Location": moved], body: ""), .status(302, headers: ["Location": moved], body: ""),
            .status(303, headers: ["Location": moved], body: "")
        )
        let sink = fixture.sink()
        let ids = try fixture.store(0..<4, in: sink)
        sink.flush()
        fixture.waitForRequests(4)
        XCTAssertTrue(eventually { sink.statistics.delivered == 4 })
        // Every request is the POST of the batch: no GET to the Location, which a 200 landing page (or a
        // 404) would have answered for a batch it never saw.
        XCTAssertEqual(fixture.collector.requests.map(\.method), ["POST", "POST", "POST", "POST"])
        XCTAssertEqual(fixture.collector.requests.map(\.path), ["/v1/batch", "/v1/batch", "/v1/batch", "/v1/batch"])
        XCTAssertEqual(fixture.receivedIds, [ids, ids, ids, ids])
        XCTAssertEqual(fixture.uploads.reports.map(\.statusCode), [301, 302, 303, 200])
        XCTAssertEqual(fixture.diagnostics.codes, [.uploadFailed, .uploadFailed, .uploadFailed])
        for (entry, status) in zip(fixture.diagnostics.all, [301, 302, 303]) {
            XCTAssertTrue(entry.message.contains("HTTP \(status) redirect not followed"), entry.message)
            for secret in ["landing", "secret-token-42", "alice", "pipeline_key"] {
                XCTAssertFalse(entry.message.contains(secret), entry.message)
            }
        }
    }

    func testRetryAfterIsHonoured() throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.serviceUnavailable(retryAfter: "1"))
        let sink = fixture.sink()
        let ids = try fixture.store(0..<4, in: sink)
        sink.flush()
        let requests = fixture.waitForRequests(2)
        guard requests.count == 2 else {
            return XCTFail("the collector got \(requests.count) request(s), not the 503 and its retry")
        }
        XCTAssertTrue(eventually { sink.statistics.delivered == 4 })
        XCTAssertEqual(fixture.collector.requests.count, 2, "a request beyond the retry")
        XCTAssertEqual(fixture.receivedIds, [ids, ids])
        XCTAssertGreaterThanOrEqual(requests[1].receivedAt.timeIntervalSince(requests[0].receivedAt), 0.95,
                                    "the retry came before Retry-After (1 s), though the backoff alone is 20 ms")
        XCTAssertEqual(fixture.uploads.outcomes, [.retrying(after: 1), .delivered])
        XCTAssertEqual(fixture.uploads.reports.first?.statusCode, 503)
    }

    func testPayloadTooLargeSplitsTheBatch() async throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.payloadTooLarge)
        let sink = fixture.sink()
        let ids = try fixture.store(0..<6, in: sink)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 6, kept: 0, rejected: 0, requests: 3))
        XCTAssertEqual(fixture.receivedIds, [ids, Array(ids[0..<3]), Array(ids[3...])])
        XCTAssertEqual(fixture.uploads.outcomes, [.split, .delivered, .delivered])
        XCTAssertEqual(fixture.uploads.reports.map(\.statusCode), [413, 200, 200])
        XCTAssertEqual(sink.store.sealedSegments, [])
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }

    func testBadRequestDropsTheBatchWithADiagnosticAndNeverSendsItAgain() async throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.badRequest)
        let sink = fixture.sink()
        let rejected = try fixture.store(0..<3, in: sink)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 0, kept: 0, rejected: 3, requests: 1))
        XCTAssertEqual(fixture.diagnostics.codes, [.batchRejected])
        XCTAssertEqual(fixture.uploads.outcomes, [.rejected])
        XCTAssertEqual(sink.statistics.dropped, 3)
        // The rejected batch is gone for good, also after a relaunch; later events still go.
        let later = try fixture.store(3..<5, in: sink)
        _ = await fixture.sink().flushAndWait()
        _ = await sink.flushAndWait()
        XCTAssertEqual(fixture.receivedIds, [rejected, later])
    }

    func testACollectorThatIsDownAtFirstReceivesEverythingOnceItComesUp() async throws {
        let fixture = try PipelineFixture()
        let port = fixture.collector.port
        fixture.collector.stop()
        var configuration = fixture.configuration(port: port)
        configuration.uploadBackoff = UploadBackoffPolicy(base: 0.05, cap: 0.2, jitter: 0)
        let sink = fixture.sink(configuration)
        let ids = try fixture.store(0..<5, in: sink)
        let offline = await sink.flushAndWait()
        XCTAssertEqual(offline, DeliveryFlushSummary(delivered: 0, kept: 5, rejected: 0, requests: 1))
        guard case .retrying? = fixture.uploads.outcomes.first else { return XCTFail("\(fixture.uploads.outcomes)") }
        XCTAssertNil(fixture.uploads.reports.first?.statusCode)
        XCTAssertNotNil(fixture.uploads.reports.first?.transportError)
        // Retries go on by themselves until the collector is back on the same port.
        XCTAssertTrue(eventually { fixture.uploads.reports.count > 2 }, "not retried while down")
        let collector = try LoopbackCollector(port: port)
        defer { collector.stop() }
        XCTAssertTrue(eventually { sink.statistics.delivered == 5 })
        XCTAssertEqual(collector.requests.map(\.messageIds), [ids])
        XCTAssertGreaterThan(fixture.uploads.reports.count, 2, "retried while down")
        // A refused connection may be a wrong endpoint: reported once, however often it was retried.
        XCTAssertEqual(fixture.diagnostics.codes, [.uploadFailed])
        XCTAssertEqual(fixture.diagnostics.all.first?.message.contains("(cannotConnectToHost)"), true)
    }

    // MARK: - Private

    /// `faults` answer the first requests, then the collector accepts: the sink retries by itself and the
    /// collector gets the same messages each time, the last time accepting them.
    private func assertRetriedUntilDelivered(after faults: CollectorBehaviour..., status: Int?, timeout: TimeInterval = 60,
                                             file: StaticString = #filePath, line: UInt = #line) async throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(contentsOf: faults)
        var configuration = fixture.configuration()
        configuration.requestTimeout = timeout
        let sink = fixture.sink(configuration)
        let ids = try fixture.store(0..<5, in: sink)
        sink.flush()
        fixture.waitForRequests(faults.count + 1, file: file, line: line)
        XCTAssertTrue(eventually { sink.statistics.delivered == 5 }, file: file, line: line)
        XCTAssertEqual(fixture.receivedIds, Array(repeating: ids, count: faults.count + 1), file: file, line: line)
        let outcomes = fixture.uploads.outcomes
        XCTAssertEqual(outcomes.count, faults.count + 1, file: file, line: line)
        for outcome in outcomes.dropLast() {
            guard case .retrying(let delay) = outcome else { return XCTFail("\(outcome)", file: file, line: line) }
            XCTAssertLessThanOrEqual(delay, 0.1, file: file, line: line)
        }
        XCTAssertEqual(outcomes.last, .delivered, file: file, line: line)
        XCTAssertEqual(fixture.uploads.reports.first?.statusCode, status, file: file, line: line)
        XCTAssertEqual(fixture.diagnostics.codes, Array(repeating: .uploadFailed, count: faults.count), file: file, line: line)
        XCTAssertEqual(sink.store.sealedSegments, [], file: file, line: line)
        XCTAssertEqual(sink.statistics.requests, faults.count + 1, file: file, line: line)
        // Nothing more goes out: delivered means acknowledged, so a flush after it finds nothing to send.
        let after = await fixture.flushUntilNothingIsLeft(sink)
        XCTAssertEqual(after, DeliveryFlushSummary(), file: file, line: line)
        XCTAssertEqual(fixture.collector.requests.count, faults.count + 1, file: file, line: line)
    }
}

extension LoopbackCollector {
    func enqueue(contentsOf behaviours: [CollectorBehaviour]) {
        for behaviour in behaviours { enqueue(behaviour) }
    }
}
