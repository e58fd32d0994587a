import Foundation
import LoopbackCollector
@testable import Tracking
import XCTest

/// Storage failing under the upload loop: a batch whose acknowledgement cannot be written is not sent again
/// and again; this process remembers what it delivered, a relaunch may send it once more (at least once).
/// And a stored event the collector would refuse (no identity) goes alone, not with its batch.
final class DeliveryStorageFailureTests: XCTestCase {
    func testAnAcknowledgementThatCannotBeWrittenEndsTheFlushAndIsNotResent() async throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        let ids = try fixture.store(0..<3, in: sink)
        sink.store.sealOpenSegment()
        let segment = try XCTUnwrap(sink.store.sealedSegments.first)
        // A directory where the sidecar should be: appending to it fails (EISDIR), as a full disk would.
        let sidecar = sink.store.directory.appendingPathComponent(SegmentNaming.name(segment.sequence, .ack))
        try FileManager.default.createDirectory(at: sidecar, withIntermediateDirectories: false)

        let first = await sink.flushAndWait()
        XCTAssertEqual(first.requests, 1, "the flush went on sending the batch whose acknowledgement failed")
        XCTAssertEqual(first.delivered, 3)
        XCTAssertEqual(fixture.receivedIds, [ids])
        XCTAssertEqual(fixture.diagnostics.codes, [.storeWriteFailed])

        // After the backoff (20 ms) the scheduled retry and another flush find nothing to send.
        try await waitForScheduledRetry(of: sink)
        let second = await sink.flushAndWait()
        XCTAssertEqual(second.requests, 0)
        XCTAssertEqual(fixture.receivedIds, [ids])
        XCTAssertEqual(sink.statistics.delivered, 3)

        // A relaunch cannot know: it sends the batch once more, with the same ids.
        try FileManager.default.removeItem(at: sidecar)
        let relaunched = await fixture.sink().flushAndWait()
        XCTAssertEqual(relaunched.delivered, 3)
        XCTAssertEqual(fixture.receivedIds, [ids, ids])
    }

    func testAnEventWithoutIdentityIsDroppedAloneNotSentWithoutAnAnonymousId() async throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        var anonymous = fixture.event(1)
        anonymous.identity = nil
        let before = try fixture.store(0..<1, in: sink)
        try sink.receive(anonymous)
        let after = try fixture.store(2..<4, in: sink)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary.delivered, 3)
        XCTAssertEqual(fixture.receivedIds, [before + after])
        for message in fixture.collector.requests.flatMap(\.messages) {
            XCTAssertNotNil(message["anonymousId"] as? String, "\(message)")
        }
        XCTAssertEqual(fixture.diagnostics.codes, [.eventNotSendable])
        XCTAssertEqual(sink.statistics.dropped, 1)
        XCTAssertEqual(sink.store.sealedSegments, [])
    }
}
