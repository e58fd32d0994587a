import Foundation

/// The upload loop without the store: takes batches from an ``UploadBatchSource``, sends them through a
/// ``WireBatchSender`` one request at a time, reports each outcome back, and holds off after failures
/// until the backoff has passed.
///
/// Flush triggers (a count, an interval, backgrounding, an explicit `flush()`) all call ``flush()``;
/// calls that arrive while a flush runs join it instead of starting a second request, and make it ask the
/// source again before it ends (what they sealed may have come too late for its last look). A flush stops at the
/// first failure (the batch is kept, ``retryNotBefore`` set), when the source could not record a batch's
/// fate (storage failing: it backs off likewise) or when the source is empty, and sends at most
/// ``maximumBatchesPerFlush`` batches so it always ends.
package actor UploadDriver {
    // MARK: - Internal

    package let maximumBatchesPerFlush: Int
    /// Consecutive failed requests; the backoff grows with it and a success resets it.
    package private(set) var failures = 0
    /// No request is sent before this instant (set after a failure).
    package private(set) var retryNotBefore: Date?
    /// Flushes that joined one in progress.
    package private(set) var joinedFlushes = 0

    /// - Parameters:
    ///   - sender: Sends one batch (and its 413 halves).
    ///   - source: Where batches come from and their fates go.
    ///   - now: The clock for backoffs.
    ///   - maximumBatchesPerFlush: The bound on batches per flush.
    ///   - gate: Issues a ticket before each batch is read and starts each request only while that ticket
    ///     holds, so nothing leaves once consent is withdrawn, and nothing read before a denial ever does.
    package init(sender: WireBatchSender, source: any UploadBatchSource, now: @escaping @Sendable () -> Date = { Date() },
                 maximumBatchesPerFlush: Int = 1_000, gate: any UploadGate = OpenUploadGate()) {
        self.sender = sender
        self.source = source
        self.gate = gate
        self.now = now
        self.maximumBatchesPerFlush = max(1, maximumBatchesPerFlush)
    }

    /// Stops the flush in progress, if any, at once and from any thread: the request in flight is cancelled
    /// (its batch kept, as after any failed request) and no further one starts. The next ``flush()`` runs
    /// normally. Called when background time expires.
    package nonisolated func stopFlushing() {
        stop.request()
    }

    /// Sends what the source has, until it is empty, a request fails, or the per-flush bound is reached.
    /// Joins the flush in progress, if any.
    package func flush() async -> UploadFlushSummary {
        if let running {
            // What this caller stored may have been sealed after the drain last looked: it looks again.
            rerunRequested = true
            joinedFlushes += 1
            return await running.value
        }
        let task = Task { await drain() }
        running = task
        stop.begin(task)
        let summary = await task.value
        running = nil
        return summary
    }

    // MARK: - Private

    private let sender: WireBatchSender
    private let source: any UploadBatchSource
    private let now: @Sendable () -> Date
    private let gate: any UploadGate
    private var running: Task<UploadFlushSummary, Never>?
    private let stop = FlushStop()
    /// A flush joined the running one since the drain last asked the source: an empty source then means
    /// "look again", not "done".
    private var rerunRequested = false

    private func drain() async -> UploadFlushSummary {
        var summary = UploadFlushSummary()
        if let retryNotBefore, now() < retryNotBefore {
            summary.waitedForBackoff = true
            summary.retryDelay = retryNotBefore.timeIntervalSince(now())
            return summary
        }
        retryNotBefore = nil
        // Each pass asks the source once; an empty answer ends the drain unless a flush joined meanwhile.
        for _ in 0..<maximumBatchesPerFlush {
            guard !stop.isRequested else { break }
            rerunRequested = false
            guard let ticket = gate.ticket() else { break }
            guard let batch = await source.nextBatch(), !batch.isEmpty else {
                if rerunRequested { continue }
                break
            }
            let report = await sender.deliver(batch, failuresSoFar: failures, gate: gate, ticket: ticket)
            failures = report.failures
            let recorded = await source.complete(report)
            summary.requests += report.outcomes.count
            summary.delivered += report.delivered.count
            summary.rejected += report.rejected.count
            if let delay = report.retryDelay {
                retryNotBefore = now().addingTimeInterval(delay)
                summary.retryDelay = delay
                break
            }
            if !recorded {
                // Storage is failing: going on would only meet it again; hold off as after a failed request.
                failures += 1
                let delay = sender.backoff.delay(afterFailures: failures)
                retryNotBefore = now().addingTimeInterval(delay)
                summary.retryDelay = delay
                break
            }
        }
        return summary
    }
}
