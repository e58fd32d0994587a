import Foundation
import LoopbackCollector
@testable import Tracking
import XCTest

/// The upload loop against the loopback collector, with an in-memory queue standing in for the store.
final class UploadDriverTests: XCTestCase {
    private var collector: LoopbackCollector!
    private let clock = ManualTrackingClock(startDate: Date(timeIntervalSince1970: 1_795_000_000))

    override func setUpWithError() throws {
        collector = try LoopbackCollector()
    }

    override func tearDown() {
        collector.stop()
    }

    func testDeliversEverythingInOrderOneRequestAtATime() async throws {
        let queue = MessageQueue(messages: (0..<25).map { WireBatchBuilderTests.message($0, padding: 100) }, batchCount: 10)
        let driver = try makeDriver(queue)
        let summary = await driver.flush()
        XCTAssertEqual(summary.delivered, 25)
        XCTAssertEqual(summary.requests, 3)
        XCTAssertNil(summary.retryDelay)
        let remaining = await queue.remaining
        XCTAssertEqual(remaining, [])
        let maximumInFlight = await queue.maximumInFlight
        XCTAssertEqual(maximumInFlight, 1)
        XCTAssertEqual(collector.requests.flatMap(\.messageIds), (0..<25).map { "m-\($0)" })
    }

    func testFailureKeepsTheBatchAndHoldsOffUntilTheBackoffHasPassed() async throws {
        collector.enqueue(.serviceUnavailable(retryAfter: "10"))
        let queue = MessageQueue(messages: (0..<4).map { WireBatchBuilderTests.message($0, padding: 100) }, batchCount: 10)
        let driver = try makeDriver(queue)
        let failed = await driver.flush()
        XCTAssertEqual(failed.delivered, 0)
        XCTAssertEqual(failed.retryDelay, 10)
        let waiting = await driver.flush()
        XCTAssertTrue(waiting.waitedForBackoff)
        XCTAssertEqual(waiting.requests, 0)
        XCTAssertEqual(collector.requests.count, 1)
        clock.advance(by: 10)
        let retried = await driver.flush()
        XCTAssertEqual(retried.delivered, 4)
        let failures = await driver.failures
        XCTAssertEqual(failures, 0)
        XCTAssertEqual(collector.requests.map(\.messageIds), [["m-0", "m-1", "m-2", "m-3"], ["m-0", "m-1", "m-2", "m-3"]])
    }

    func testALostResponseResendsTheSameMessageIds() async throws {
        collector.enqueue(.dropConnection)
        let queue = MessageQueue(messages: (0..<3).map { WireBatchBuilderTests.message($0, padding: 100) }, batchCount: 10)
        let driver = try makeDriver(queue)
        _ = await driver.flush()
        clock.advance(by: 3600)
        let summary = await driver.flush()
        XCTAssertEqual(summary.delivered, 3)
        // The collector got the batch twice (the first answer was lost), with the same ids both times.
        XCTAssertEqual(collector.requests.map(\.messageIds), [["m-0", "m-1", "m-2"], ["m-0", "m-1", "m-2"]])
    }

    func testRejectedBatchesAreDroppedAndTheRestStillGoes() async throws {
        collector.enqueue(.badRequest)
        let queue = MessageQueue(messages: (0..<6).map { WireBatchBuilderTests.message($0, padding: 100) }, batchCount: 3)
        let driver = try makeDriver(queue)
        let summary = await driver.flush()
        XCTAssertEqual(summary.rejected, 3)
        XCTAssertEqual(summary.delivered, 3)
        let remaining = await queue.remaining
        XCTAssertEqual(remaining, [])
    }

    func testConcurrentFlushesJoinInsteadOfSendingTwice() async throws {
        let queue = MessageQueue(messages: (0..<20).map { WireBatchBuilderTests.message($0, padding: 100) }, batchCount: 5)
        let driver = try makeDriver(queue)
        async let first = driver.flush()
        async let second = driver.flush()
        async let third = driver.flush()
        let summaries = await [first, second, third]
        XCTAssertEqual(collector.requests.count, 4)
        XCTAssertEqual(collector.requests.flatMap(\.messageIds), (0..<20).map { "m-\($0)" })
        XCTAssertEqual(summaries.map(\.delivered).max(), 20)
        let maximumInFlight = await queue.maximumInFlight
        XCTAssertEqual(maximumInFlight, 1)
    }

    func testAFlushThatJoinsAsTheDrainFindsTheSourceEmptyIsNotLost() async throws {
        let early = (0..<3).map { WireBatchBuilderTests.message($0, padding: 100) }
        let late = (3..<5).map { WireBatchBuilderTests.message($0, padding: 100) }
        let source = LateArrivalSource(messages: early, late: late)
        let driver = try makeDriver(source)
        await source.attach(driver)
        let summary = await driver.flush()
        let joined = await source.joinedSummary()
        XCTAssertEqual(collector.requests.map(\.messageIds), [["m-0", "m-1", "m-2"], ["m-3", "m-4"]],
                       "the joining flush's messages were left for a later trigger")
        XCTAssertEqual(summary.delivered, 5)
        XCTAssertEqual(joined?.delivered, 5, "the joiner got the summary of the flush it joined")
    }

    func testAFlushIsBoundedEvenWhenTheSourceNeverEmpties() async throws {
        let queue = MessageQueue(messages: (0..<10).map { WireBatchBuilderTests.message($0, padding: 100) }, batchCount: 1, forgetsDeliveries: true)
        let driver = try makeDriver(queue, maximumBatchesPerFlush: 4)
        let summary = await driver.flush()
        XCTAssertEqual(summary.requests, 4)
    }

    // MARK: - Private

    private func makeDriver(_ queue: any UploadBatchSource, maximumBatchesPerFlush: Int = 1_000) throws -> UploadDriver {
        let endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: Int(collector.port))
        let transport = try XCTUnwrap(HTTPUploadTransport(configuration: .init(endpoint: endpoint, writeKey: "k", timeout: 60)))
        let clock = clock
        let sender = WireBatchSender(transport: transport, backoff: UploadBackoffPolicy(random: { 0 }), now: { clock.now().date }, diagnostics: { _ in })
        return UploadDriver(sender: sender, source: queue, now: { clock.now().date }, maximumBatchesPerFlush: maximumBatchesPerFlush)
    }
}

/// A queue of encoded messages that hands out batches of at most `batchCount` and deletes what the driver
/// reports delivered or rejected; it also checks that at most one batch is out at a time.
private actor MessageQueue: UploadBatchSource {
    private(set) var remaining: [String]
    private(set) var maximumInFlight = 0
    private var messages: [EncodedWireMessage]
    private var inFlight = 0
    private let builder: WireBatchBuilder
    private let forgetsDeliveries: Bool

    init(messages: [EncodedWireMessage], batchCount: Int, forgetsDeliveries: Bool = false) {
        self.messages = messages
        remaining = messages.map(\.messageId)
        var limits = WireLimits()
        limits.maximumMessageCount = batchCount
        builder = WireBatchBuilder(limits: limits)
        self.forgetsDeliveries = forgetsDeliveries
    }

    func nextBatch() async -> WireBatch? {
        guard !messages.isEmpty else { return nil }
        inFlight += 1
        maximumInFlight = max(maximumInFlight, inFlight)
        return builder.firstBatch(from: messages, diagnostics: { _ in }).batch
    }

    func complete(_ report: BatchDeliveryReport) async -> Bool {
        inFlight -= 1
        defer { remaining = messages.map(\.messageId) }
        guard !forgetsDeliveries else { return true }
        let done = Set(report.delivered + report.rejected)
        messages.removeAll { done.contains($0.messageId) }
        return true
    }
}

/// Hands out `messages`; when first found empty, it receives `late` messages (as if sealed by another
/// trigger) and lets a second flush join the running one before answering "empty": the answer the drain
/// got was true when the source looked, and stale when the drain got it.
private actor LateArrivalSource: UploadBatchSource {
    private var messages: [EncodedWireMessage]
    private var late: [EncodedWireMessage]
    private var driver: UploadDriver?
    private var joiner: Task<UploadFlushSummary, Never>?

    init(messages: [EncodedWireMessage], late: [EncodedWireMessage]) {
        self.messages = messages
        self.late = late
    }

    func attach(_ driver: UploadDriver) {
        self.driver = driver
    }

    func joinedSummary() async -> UploadFlushSummary? {
        await joiner?.value
    }

    func nextBatch() async -> WireBatch? {
        if messages.isEmpty, !late.isEmpty, let driver {
            messages = late
            late = []
            joiner = Task { await driver.flush() }
            let deadline = Date(timeIntervalSinceNow: 60)
            while await driver.joinedFlushes == 0, Date() < deadline {
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
            return nil
        }
        guard !messages.isEmpty else { return nil }
        return WireBatch(messages)
    }

    func complete(_ report: BatchDeliveryReport) async -> Bool {
        let done = Set(report.delivered + report.rejected)
        messages.removeAll { done.contains($0.messageId) }
        return true
    }
}
