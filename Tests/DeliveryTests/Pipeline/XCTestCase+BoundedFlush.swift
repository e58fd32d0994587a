import Foundation
@testable import Tracking
import XCTest

extension XCTestCase {
    /// Starts `sink.flushAndWait()`, runs `during` while it is under way, and waits for the flush to end,
    /// for at most `timeout` seconds (a bound only a hang reaches; the test fails then).
    /// - Returns: What the flush did, or `nil` when it did not end in time.
    func boundedFlush(_ sink: DeliverySink, timeout: TimeInterval = 40, during: () -> Void = {}) async -> DeliveryFlushSummary? {
        let finished = expectation(description: "the flush ends")
        let summary = FlushResult()
        Task {
            summary.set(await sink.flushAndWait())
            finished.fulfill()
        }
        during()
        await fulfillment(of: [finished], timeout: timeout)
        return summary.value
    }
}

/// A flush's summary, set from the flushing task and read by the test.
private final class FlushResult: @unchecked Sendable {
    private let lock = NSLock()
    private var summary: DeliveryFlushSummary?

    var value: DeliveryFlushSummary? {
        lock.lock()
        defer { lock.unlock() }
        return summary
    }

    func set(_ value: DeliveryFlushSummary) {
        lock.lock()
        summary = value
        lock.unlock()
    }
}
