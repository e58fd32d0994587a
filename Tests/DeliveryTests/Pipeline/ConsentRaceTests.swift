import Foundation
import LoopbackCollector
@testable import Tracking
import XCTest

/// Consent against requests: a request starts only in the step that checks consent, a request in flight
/// is cancelled when consent is withdrawn, and nothing read before a denial is ever sent. The windows are
/// opened by a hook between building a body and starting its request, never by timing.
final class ConsentRaceTests: XCTestCase {
    func testNothingIsPostedOnceDenialHasReturnedEvenWhenTheBodyWasAlreadyBuilt() async throws {
        let fixture = try PipelineFixture()
        let hook = ConsentHook(changes: [.denied])
        var configuration = fixture.configuration()
        configuration.uploadWillStart = hook.run
        let sink = fixture.sink(configuration)
        hook.sink = sink
        try fixture.store(0..<5, in: sink)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(hook.runs, 1, "the body was built before the denial")
        XCTAssertEqual(fixture.collector.requests.count, 0, "a batch was posted after consent = .denied returned")
        XCTAssertEqual(summary, DeliveryFlushSummary())
        XCTAssertEqual(sink.store.countUnacknowledgedEvents(), 0)
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }

    func testHalvesOfASplitBatchReadBeforeADenialAreNeverSentAfterConsentIsGrantedAgain() async throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.payloadTooLarge)
        // Before the first half starts: denied (the batch's events are purged), then granted again.
        let hook = ConsentHook(run: 1, changes: [.denied, .granted])
        var configuration = fixture.configuration()
        configuration.uploadWillStart = hook.run
        let sink = fixture.sink(configuration)
        hook.sink = sink
        let purged = try fixture.store(0..<6, in: sink)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(fixture.receivedIds, [purged], "a half built from purged events was sent")
        XCTAssertEqual(summary.delivered, 0)
        XCTAssertEqual(sink.consent, .granted)

        let later = try fixture.store(6..<8, in: sink)
        _ = await sink.flushAndWait()
        XCTAssertEqual(fixture.receivedIds, [purged, later])
    }

    func testARequestInFlightIsCancelledWhenConsentBecomesPendingAndItsBatchIsSentOnceGranted() async throws {
        let fixture = try PipelineFixture()
        let (sink, ids) = try stallingSink(fixture)
        let summary = await boundedFlush(sink) {
            XCTAssertEqual(fixture.waitForRequests(1).map(\.messageIds), [ids])
            sink.consent = .pending
        }
        XCTAssertEqual(summary?.delivered, 0)
        XCTAssertEqual(sink.statistics.queued, 5, "the cancelled batch is kept while consent is pending")
        XCTAssertEqual(fixture.diagnostics.codes, [], "a cancellation by consent is not an upload failure")

        sink.consent = .granted
        _ = await sink.flushAndWait()
        XCTAssertEqual(fixture.receivedIds, [ids, ids])
        XCTAssertEqual(sink.statistics.delivered, 5)
    }

    func testARequestInFlightIsCancelledWhenConsentIsDeniedAndItsBatchIsPurged() async throws {
        let fixture = try PipelineFixture()
        let (sink, ids) = try stallingSink(fixture)
        let cancelled = await boundedFlush(sink) {
            XCTAssertEqual(fixture.waitForRequests(1).map(\.messageIds), [ids])
            sink.consent = .denied
        }
        XCTAssertEqual(cancelled?.delivered, 0)
        XCTAssertEqual(sink.store.countUnacknowledgedEvents(), 0)

        sink.consent = .granted
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary.requests, 0)
        XCTAssertEqual(fixture.receivedIds, [ids])
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }

    /// A sink holding five events whose first request stalls: only a cancellation ends it within any wait
    /// here (its timeout is 10 minutes).
    private func stallingSink(_ fixture: PipelineFixture) throws -> (DeliverySink, [String]) {
        fixture.collector.enqueue(.stall)
        var configuration = fixture.configuration()
        configuration.requestTimeout = 600
        let sink = fixture.sink(configuration)
        return (sink, try fixture.store(0..<5, in: sink))
    }
}

/// Changes a sink's consent from the upload hook: on run `run` (0 is the first request), to each of
/// `changes` in turn.
private final class ConsentHook: @unchecked Sendable {
    weak var sink: DeliverySink?

    init(run: Int = 0, changes: [DeliveryConsent]) {
        target = run
        self.changes = changes
    }

    var runs: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func run() {
        lock.lock()
        let run = count
        count += 1
        lock.unlock()
        guard run == target else { return }
        for change in changes {
            sink?.consent = change
        }
    }

    private let lock = NSLock()
    private let target: Int
    private let changes: [DeliveryConsent]
    private var count = 0
}
