import Foundation
import LoopbackCollector
@testable import Tracking
import TestSupport
import XCTest

/// ACCEPTANCE 61: each destination's documented error answers: Amplitude's 400 listing rejected events
/// (those dropped with a diagnostic, the rest sent again), 413 (split), 429 (kept, backed off); Mixpanel's
/// 5-day age rule (dropped before sending, one counting diagnostic); 5xx and transport errors retried for
/// every destination.
final class DestinationResponseTests: XCTestCase {
    private var ids: [String] { DestinationSession.events.map { $0.id.uuidString.lowercased() } }

    func testAmplitudePartial400DropsTheListedEventsAndResendsTheRest() async throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.status(400, headers: ["Content-Type": "application/json"], body: #"""
            {"code":400,"error":"Request missing required field","events_with_invalid_fields":{"time":[1,3]},"events_with_missing_fields":{"event_type":[3,9]}}
            """#))
        let sink = try store(in: fixture, destination: .amplitude)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 8, kept: 0, rejected: 3, requests: 2))
        let sent = fixture.collector.requests.map { $0.amplitudeInsertIDs }
        XCTAssertEqual(sent, [ids, ids.enumerated().filter { ![1, 3, 9].contains($0.offset) }.map(\.element)])
        XCTAssertEqual(fixture.diagnostics.all.filter { $0.code == .batchRejected }.map(\.message),
                       ["collector answered 400 refusing 3 of 11 messages; dropped those, sending the other 8 again"])
        XCTAssertEqual(fixture.uploads.reports.map(\.outcome), [.partiallyRejected, .delivered])
    }

    func testAmplitude400WithoutAListDropsTheBatch() async throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.status(400, headers: [:], body: #"{"code":400,"error":"Invalid API key"}"#))
        let sink = try store(in: fixture, destination: .amplitude)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 0, kept: 0, rejected: 11, requests: 1))
    }

    /// A 400 whose body is far larger than the 64 KiB read is cut there: not Amplitude's list, so the batch
    /// is dropped as for any 400, and nothing hangs or grows.
    func testAmplitude400WithAnOversizedBodyIsReadOnlyInPartAndDropsTheBatch() async throws {
        let fixture = try PipelineFixture()
        let huge = #"{"code":400,"events_with_invalid_fields":{"time":[1]},"padding":""# + String(repeating: "x", count: 300_000) + #""}"#
        fixture.collector.enqueue(.status(400, headers: [:], body: huge))
        let sink = try store(in: fixture, destination: .amplitude)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 0, kept: 0, rejected: 11, requests: 1))
    }

    func testAmplitude413SplitsTheBatch() async throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.payloadTooLarge)
        let sink = try store(in: fixture, destination: .amplitude)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 11, kept: 0, rejected: 0, requests: 3))
        XCTAssertEqual(fixture.collector.requests.map { $0.amplitudeInsertIDs }, [ids, Array(ids[..<5]), Array(ids[5...])])
    }

    func testAmplitude429KeepsTheBatchAndBacksOff() async throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.tooManyRequests(retryAfter: "1"))
        let sink = try store(in: fixture, destination: .amplitude)
        let first = await sink.flushAndWait()
        XCTAssertEqual(first, DeliveryFlushSummary(delivered: 0, kept: 11, rejected: 0, requests: 1))
        guard case .retrying(let delay) = fixture.uploads.reports.first?.outcome else { return XCTFail("not retried") }
        XCTAssertEqual(delay, 1, "the backoff honours Retry-After")
        try await waitForScheduledRetry(of: sink)
        _ = await fixture.flushUntilNothingIsLeft(sink)
        XCTAssertEqual(fixture.collector.requests.map { $0.amplitudeInsertIDs }, [ids, ids])
    }

    func testMixpanelDropsEventsOlderThanFiveDaysBeforeTheRequest() async throws {
        let fixture = try PipelineFixture()
        let sink = try store(in: fixture, destination: .mixpanel)
        // Events 0…5 are now older than 5 days; 6…10 are not.
        fixture.clock.advance(by: MixpanelDestination.maximumEventAge + 5.5)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 5, kept: 0, rejected: 0, requests: 1))
        XCTAssertEqual(fixture.collector.requests.map { $0.mixpanelInsertIDs }, [Array(ids[6...])])
        XCTAssertEqual(fixture.diagnostics.all.filter { $0.code == .eventTooOld }.map(\.message),
                       ["6 stored events are older than the 5-day limit of the mixpanel destination; dropped before sending"])
        XCTAssertEqual(sink.statistics.dropped, 6)
    }

    func testServerErrorsAndDroppedConnectionsAreRetriedForEveryDestination() throws {
        for destination in DeliveryDestination.all {
            let fixture = try PipelineFixture()
            fixture.collector.enqueue(.dropConnection, .serverError)
            let sink = try store(in: fixture, destination: destination)
            sink.flush()
            // Each failure schedules the next attempt after its backoff; the third is accepted.
            fixture.waitForRequests(3)
            XCTAssertTrue(eventually { sink.statistics.delivered == 11 }, "\(destination)")
            let requests = fixture.collector.requests
            XCTAssertEqual(requests.map(\.behaviour), [.dropConnection, .serverError, .accept], "\(destination)")
            XCTAssertEqual(requests.map(\.destinationEventIDs), [ids, ids, ids], "the same ids each time (\(destination))")
        }
    }

    // MARK: - Private

    private func store(in fixture: PipelineFixture, destination: DeliveryDestination) throws -> DeliverySink {
        let sink = fixture.sink(fixture.configuration(destination: destination))
        for event in DestinationSession.events { try sink.receive(event) }
        return sink
    }
}

extension CollectedRequest {
    /// The `insert_id` of every event of an Amplitude request, in order.
    var amplitudeInsertIDs: [String] {
        (((jsonBody as? [String: Any])?["events"] as? [[String: Any]]) ?? []).compactMap { $0["insert_id"] as? String }
    }

    /// The event ids of a request of any destination, in order.
    var destinationEventIDs: [String] {
        if !messageIds.isEmpty { return messageIds }
        if !amplitudeInsertIDs.isEmpty { return amplitudeInsertIDs }
        if !mixpanelInsertIDs.isEmpty { return mixpanelInsertIDs }
        return (((jsonBody as? [String: Any])?["batch"] as? [[String: Any]]) ?? []).compactMap { $0["uuid"] as? String }
    }

    /// The `$insert_id` of every event of a Mixpanel request, in order.
    var mixpanelInsertIDs: [String] {
        ((jsonBody as? [[String: Any]]) ?? []).compactMap { ($0["properties"] as? [String: Any])?["$insert_id"] as? String }
    }
}
