#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import LoopbackCollector
import TestSupport
@testable import Tracking
import XCTest

/// ACCEPTANCE 66: a flush is ordered after every call made before it, on any thread. While the main thread
/// delivers a burst through a slow sink, another thread's `identify` and `track` are queued behind it; the
/// flush that thread asks for next must upload them, not what happened to be stored at that moment.
final class FlushOrderTests: HeadlessTestCase {
    func testAFlushAndWaitAfterCallsOnAnotherThreadUploadsThemWhileTheMainThreadDeliversABurst() async throws {
        for round in 0..<20 {
            try await runRound(round) { sink, _ in
                Task { Optional(await sink.flushAndWait()) }
            }
        }
    }

    func testATrackerFlushAfterCallsOnAnotherThreadUploadsThem() async throws {
        for round in 0..<20 {
            try await runRound(round) { _, tracker in
                tracker.flush()
                return nil
            }
        }
    }

    func testASinkFlushAfterCallsOnAnotherThreadUploadsThem() async throws {
        for round in 0..<20 {
            try await runRound(round) { sink, _ in
                sink.flush()
                return nil
            }
        }
    }

    /// The other side: the main thread asks for flushes while another thread is inside a sink's callback, and
    /// never waits for it. Should it wait, the held callback would go on only after its 60 s bound, and the
    /// checks below see that it had finished.
    func testAFlushOnTheMainThreadNeverWaitsForAnotherThreadsCallback() async throws {
        let fixture = try PipelineFixture()
        let slow = GatedSlowSink()
        let sink = fixture.sink()
        let tracker = await MainActor.run {
            Tracker(configuration: fixture.trackerConfiguration(), sinks: [sink, slow])
        }
        DispatchQueue.global().async {
            tracker.track("Held")
        }
        XCTAssertTrue(slow.waitUntilHolding())

        let returnedWhileHeld = await MainActor.run { () -> Bool in
            tracker.flush()
            sink.flush()
            return !slow.hasFinishedHolding
        }
        XCTAssertTrue(returnedWhileHeld, "the main thread waited for another thread's callback")
        let waiting = Task { @MainActor in await sink.flushAndWait() }
        // The main actor still serves other work while that flush waits for the held call.
        let servedWhileHeld = await MainActor.run { !slow.hasFinishedHolding }
        XCTAssertTrue(servedWhileHeld, "flushAndWait() blocked the main thread")
        slow.release()
        _ = await waiting.value

        let first = try XCTUnwrap(fixture.waitForRequests(1).first)
        XCTAssertEqual(first.messages.map { $0["event"] as? String }, ["Held"])
        XCTAssertTrue(tracker.mailbox.waitUntilDelivered())
        XCTAssertEqual(fixture.diagnostics.codes, [])
        await MainActor.run { _ = tracker }
    }

    // MARK: - Private

    /// One round: the main thread delivers 60 events through a sink that takes 1 ms each and holds the
    /// first until this thread has made its calls, so that they are queued behind the deliverer. Then
    /// `flush` runs here, and the sink is released once the flush is queued behind those calls (a third
    /// ticket waits) or, should it not be, once its request has started: whatever the machine's speed, the
    /// first request holds both calls exactly when the flush is ordered after them.
    /// - Parameter flush: Starts the flush; returns the task of a `flushAndWait()`, if it is one.
    private func runRound(
        _ round: Int, file: StaticString = #filePath, line: UInt = #line,
        flush: (DeliverySink, Tracker) -> Task<DeliveryFlushSummary?, Never>?
    ) async throws {
        let fixture = try PipelineFixture()
        let slow = GatedSlowSink()
        var configuration = fixture.configuration()
        configuration.uploadWillStart = { slow.release() }
        let sink = fixture.sink(configuration)
        let tracker = await MainActor.run {
            Tracker(configuration: fixture.trackerConfiguration(), sinks: [sink, slow])
        }
        let burstDone = expectation(description: "the main thread's burst returned")
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                for index in 0..<60 {
                    tracker.track("Burst", properties: ["index": .int(index)])
                }
            }
            burstDone.fulfill()
        }
        XCTAssertTrue(slow.waitUntilHolding(), "round \(round): the main thread never delivered", file: file, line: line)
        XCTAssertFalse(Thread.isMainThread)
        tracker.identify(userID: "user-\(round)")
        tracker.track("After Identify", properties: ["round": .int(round)])
        XCTAssertEqual(tracker.mailbox.ticketsWaiting, 2, file: file, line: line)

        let flushing = flush(sink, tracker)
        let queued = eventually { tracker.mailbox.ticketsWaiting >= 3 || slow.isReleased }
        XCTAssertTrue(queued, "round \(round): the flush neither queued nor started", file: file, line: line)
        slow.release()

        let first = try XCTUnwrap(fixture.waitForRequests(1, file: file, line: line).first)
        let types = first.messages.map { $0["type"] as? String ?? "?" }
        let identified = first.messages.contains { $0["type"] as? String == "identify" && $0["userId"] as? String == "user-\(round)" }
        let tracked = first.messages.contains { $0["event"] as? String == "After Identify" }
        XCTAssertTrue(identified && tracked, "round \(round): the flush uploaded \(types) without the calls made before it", file: file, line: line)
        if let flushing {
            let summary = await flushing.value
            XCTAssertEqual(summary?.delivered, fixture.collector.requests.first?.messages.count, "round \(round)", file: file, line: line)
        }

        await fulfillment(of: [burstDone], timeout: 60)
        XCTAssertTrue(tracker.mailbox.waitUntilDelivered(), file: file, line: line)
        _ = await fixture.flushUntilNothingIsLeft(sink)
        XCTAssertEqual(fixture.diagnostics.codes, [], file: file, line: line)
        await MainActor.run { _ = tracker }
    }
}

/// A sink that takes a millisecond per event and holds the first one until ``release()``.
private final class GatedSlowSink: TrackingSink, @unchecked Sendable {
    private let holding = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var received = 0
    private var releasedFlag = false
    private var finishedHolding = false

    func receive(_ event: TrackingEvent) throws {
        let first = lock.withLock {
            received += 1
            return received == 1
        }
        if first {
            holding.signal()
            // Bounded: a hang fails the test instead of stopping the suite.
            _ = released.wait(timeout: .now() + 60)
            lock.withLock { finishedHolding = true }
        }
        usleep(1_000)
    }

    /// Waits (bounded) until the first event is held.
    func waitUntilHolding() -> Bool {
        holding.wait(timeout: .now() + 60) == .success
    }

    /// Lets the held event go (once; later calls do nothing).
    func release() {
        let first = lock.withLock {
            defer { releasedFlag = true }
            return !releasedFlag
        }
        if first { released.signal() }
    }

    /// Whether the held event's callback has returned.
    var hasFinishedHolding: Bool {
        lock.withLock { finishedHolding }
    }

    var isReleased: Bool {
        lock.withLock { releasedFlag }
    }
}
