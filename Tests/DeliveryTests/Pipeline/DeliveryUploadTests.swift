import Foundation
import LoopbackCollector
@testable import Tracking
import XCTest

/// Acceptance 28: what a ``DeliverySink`` stores arrives at the collector exactly, in batches within the
/// limits, in Segment's batch format, through URLSession to a real server on 127.0.0.1.
final class DeliveryUploadTests: XCTestCase {
    func testEverythingStoredArrivesExactlyOnceInOrderInBatchesWithinTheLimits() async throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.wireLimits.maximumRequestBytes = 12_000
        let sink = fixture.sink(configuration)
        let events = (0..<80).map { fixture.event($0, padding: 200) }
        for event in events { try sink.receive(event) }

        let summary = await sink.flushAndWait()

        let requests = fixture.collector.requests
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 80, kept: 0, rejected: 0, requests: requests.count))
        XCTAssertEqual(requests.flatMap(\.messageIds), events.map { $0.id.uuidString.lowercased() })
        XCTAssertGreaterThanOrEqual(requests.count, 6, "the byte limit must have split the queue")
        let authorization = "Basic " + Data("\(PipelineFixture.writeKey):".utf8).base64EncodedString()
        for request in requests {
            XCTAssertLessThanOrEqual(request.body.count, 12_000)
            XCTAssertEqual(request.method, "POST")
            XCTAssertEqual(request.path, "/v1/batch")
            XCTAssertEqual(request.header("Authorization"), authorization)
            XCTAssertEqual(request.header("Content-Type"), "application/json")
            XCTAssertEqual(request.header("Content-Encoding"), "gzip", "gzip is the default")
            XCTAssertLessThan(request.wireBodySize, request.body.count / 2)
            let sentAt = try XCTUnwrap((request.jsonBody as? [String: Any])?["sentAt"] as? String)
            XCTAssertEqual(sentAt.count, 24)
            XCTAssertTrue(sentAt.hasSuffix("Z"))
        }
        // Every message, field by field.
        let messages = requests.flatMap(\.messages)
        for (event, message) in zip(events, messages) {
            try assert(message, encodes: event)
        }
        // The queue is empty, durably: a relaunch finds nothing to send.
        XCTAssertEqual(sink.store.sealedSegments, [])
        let statistics = sink.statistics
        XCTAssertEqual(statistics.stored, 80)
        XCTAssertEqual(statistics.delivered, 80)
        XCTAssertEqual(statistics.queued, 0)
        XCTAssertEqual(statistics.requests, requests.count)
        XCTAssertEqual(statistics.batchesDelivered, requests.count)
        let relaunched = fixture.sink()
        XCTAssertEqual(relaunched.store.countUnacknowledgedEvents(), 0)
        let again = await relaunched.flushAndWait()
        XCTAssertEqual(again.requests, 0)
        XCTAssertEqual(fixture.collector.requests.count, requests.count)
        // What the observer saw: one report per request, off the main thread, with the body's size.
        let reports = fixture.uploads.reports
        XCTAssertEqual(reports.map(\.messageIDs), requests.map(\.messageIds))
        XCTAssertEqual(reports.map(\.bodyByteCount), requests.map(\.body.count))
        XCTAssertEqual(reports.map(\.statusCode), Array(repeating: 200, count: requests.count))
        XCTAssertEqual(reports.map(\.outcome), Array(repeating: .delivered, count: requests.count))
        XCTAssertEqual(fixture.uploads.reportsOnMainThread, 0)
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }

    func testBatchesHoldAtMostTheConfiguredCount() async throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.wireLimits.maximumMessageCount = 7
        let sink = fixture.sink(configuration)
        let ids = try fixture.store(0..<20, in: sink)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 20, kept: 0, rejected: 0, requests: 3))
        XCTAssertEqual(fixture.receivedIds, [Array(ids[0..<7]), Array(ids[7..<14]), Array(ids[14...])])
    }

    func testUncompressedWhenGzipIsOff() async throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.usesGzip = false
        let sink = fixture.sink(configuration)
        let ids = try fixture.store(0..<3, in: sink)
        _ = await sink.flushAndWait()
        let request = try XCTUnwrap(fixture.collector.requests.first)
        XCTAssertNil(request.header("Content-Encoding"))
        XCTAssertEqual(request.wireBodySize, request.body.count)
        XCTAssertEqual(request.messageIds, ids)
    }

    func testAMessageOverTheLimitIsDroppedWithADiagnosticAndTheRestArrives() async throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        let small = try fixture.store(0..<2, in: sink)
        let large = try fixture.store(2..<3, in: sink, padding: 40_000)
        let after = try fixture.store(3..<5, in: sink)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary.delivered, 4)
        XCTAssertEqual(fixture.receivedIds.flatMap { $0 }, small + after)
        XCTAssertFalse(fixture.receivedIds.flatMap { $0 }.contains(large[0]))
        XCTAssertEqual(fixture.diagnostics.codes, [.messageTooLarge])
        XCTAssertEqual(sink.statistics.dropped, 1)
        XCTAssertEqual(sink.store.sealedSegments, [], "the dropped message is acknowledged too")
    }

    func testTrackerFlushFlushesTheDeliverySink() throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        MainActor.assumeIsolated {
            let configuration = fixture.trackerConfiguration()
            let tracker = Tracker(configuration: configuration, sinks: [InMemoryTrackingSink(), sink])
            tracker.identify(userID: "u-1", traits: ["plan": "pro"])
            tracker.track("Order Completed", properties: ["total": 3])
            XCTAssertEqual(fixture.collector.requests.count, 0)
            tracker.flush()
        }
        let request = try XCTUnwrap(fixture.waitForRequests(1).first)
        let messages = request.messages
        XCTAssertEqual(messages.map { $0["type"] as? String }, ["identify", "track"])
        guard messages.count == 2 else { return XCTFail("the request held \(messages.count) message(s), not 2") }
        XCTAssertEqual(messages[1]["event"] as? String, "Order Completed")
        XCTAssertEqual(messages[1]["userId"] as? String, "u-1")
        XCTAssertEqual((messages[0]["traits"] as? [String: Any])?["plan"] as? String, "pro")
    }

    // MARK: - Private

    private func assert(_ message: [String: Any], encodes event: TrackingEvent, file: StaticString = #filePath, line: UInt = #line) throws {
        let type: String
        switch event.kind {
        case .screenView: type = "screen"
        case .identify: type = "identify"
        default: type = "track"
        }
        XCTAssertEqual(message["type"] as? String, type, file: file, line: line)
        XCTAssertEqual(message["messageId"] as? String, event.id.uuidString.lowercased(), file: file, line: line)
        XCTAssertEqual(message["timestamp"] as? String, WireTimestamp.string(event.timestamp), file: file, line: line)
        XCTAssertEqual(message["anonymousId"] as? String, PipelineFixture.anonymousID.uuidString.lowercased(), file: file, line: line)
        XCTAssertEqual(message["userId"] as? String, event.identity?.userID, file: file, line: line)
        let context = try XCTUnwrap(message["context"] as? [String: Any], file: file, line: line)
        XCTAssertEqual(Set(context.keys), ["library", "app", "device", "os", "screen", "locale", "timezone"], file: file, line: line)
        XCTAssertEqual((context["library"] as? [String: Any])?["name"] as? String, "Sightline", file: file, line: line)
        XCTAssertEqual(context["timezone"] as? String, "Europe/Berlin", file: file, line: line)
        switch event.kind {
        case .screenView:
            XCTAssertEqual(message["name"] as? String, "feed", file: file, line: line)
            let properties = try XCTUnwrap(message["properties"] as? [String: Any], file: file, line: line)
            XCTAssertEqual(Set(properties.keys), ["text", "screen_id", "visible_ratio"], file: file, line: line)
        case .impression:
            XCTAssertEqual(message["event"] as? String, "Element Viewed", file: file, line: line)
            let properties = try XCTUnwrap(message["properties"] as? [String: Any], file: file, line: line)
            XCTAssertEqual(Set(properties.keys), ["rank", "text", "element_type", "element_id", "screen_name", "screen_id", "visible_ratio"], file: file, line: line)
            XCTAssertEqual(properties["element_type"] as? String, "feed_cell", file: file, line: line)
        case .track:
            XCTAssertEqual(message["event"] as? String, "Order Completed", file: file, line: line)
            let properties = try XCTUnwrap(message["properties"] as? [String: Any], file: file, line: line)
            XCTAssertEqual(Set(properties.keys), ["total", "number", "text"], file: file, line: line)
        default:
            XCTAssertNil(message["properties"], file: file, line: line)
            let traits = try XCTUnwrap(message["traits"] as? [String: Any], file: file, line: line)
            XCTAssertEqual(traits["plan"] as? String, "pro", file: file, line: line)
        }
    }
}
