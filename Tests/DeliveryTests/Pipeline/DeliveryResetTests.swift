import Foundation
import LoopbackCollector
import TestSupport
@testable import Tracking
import XCTest

/// `Tracker.reset()` through a real ``DeliverySink``: the queue file being written is sealed and uploaded,
/// so the logged-out person's events leave in a request of their own and no queue file holds two identities.
final class DeliveryResetTests: HeadlessTestCase {
    @MainActor
    private static func tracker(_ fixture: PipelineFixture, sink: DeliverySink) -> Tracker {
        let configuration = fixture.trackerConfiguration()
        return Tracker(configuration: configuration, sinks: [sink])
    }

    func testResetUploadsThePreviousIdentitysEventsInARequestOfTheirOwn() async throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        let tracker = await MainActor.run { Self.tracker(fixture, sink: sink) }
        tracker.identify(userID: "u-1")
        tracker.track("before_logout")
        tracker.reset()
        tracker.track("after_logout")

        let first = try XCTUnwrap(fixture.waitForRequests(1).first)
        XCTAssertEqual(first.messages.map { $0["userId"] as? String }, ["u-1", "u-1"])
        XCTAssertEqual(first.messages.map { $0["type"] as? String }, ["identify", "track"])
        XCTAssertTrue(eventually(timeout: 30) { sink.statistics.delivered == 2 }, "the first request was never acknowledged")
        XCTAssertEqual(sink.statistics.queued, 1)
        // The reset's flush may still be finishing (its count is in, its summary not yet cleared): a flush now
        // could join it; flush until one sends the rest.
        _ = await fixture.flushUntilNothingIsLeft(sink)
        XCTAssertEqual(fixture.collector.requests.count, 2)
        XCTAssertEqual(sink.statistics.delivered, 3)
        let second = try XCTUnwrap(fixture.collector.requests.last)
        XCTAssertEqual(second.messages.map { $0["event"] as? String }, ["after_logout"])
        XCTAssertNil(second.messages.first?["userId"])
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }

    func testResetWhileConsentIsPendingSealsThePendingQueueFile() async throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.defaultConsent = .pending
        let sink = fixture.sink(configuration)
        let tracker = await MainActor.run { Self.tracker(fixture, sink: sink) }
        tracker.track("before_logout")
        tracker.track("before_logout")
        tracker.reset()
        XCTAssertEqual(sink.pendingStore.sealedSegments.count, 1)
        XCTAssertEqual(sink.pendingStore.openSegmentEventCount, 0)
        tracker.track("after_logout")
        XCTAssertEqual(sink.pendingStore.openSegmentEventCount, 1)
        XCTAssertEqual(sink.pendingStore.sealedSegments.map { sink.pendingStore.events(in: $0).map(\.name) }, [["before_logout", "before_logout"]])
        XCTAssertEqual(fixture.collector.requests.count, 0)
    }
}
