#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// Uploads a ``DeliverySink``'s queue: decides when (a count of stored events, an interval, the app going
/// to the background, an explicit flush, the end of a backoff) and runs ``UploadDriver`` flushes off the
/// main thread, one request at a time.
///
/// Every trigger seals the store's open segment (so its events become readable) and starts a driver flush
/// without waiting; flushes that overlap join the one in progress. While a backoff runs, or while consent
/// does not allow uploading, a trigger neither seals nor counts the queue (offline, that would make a tiny
/// segment per trigger and read the whole queue each time). After a failed request a retry is
/// scheduled when the backoff has passed (real time: it waits for the network, not for the app's clock).
/// The interval is measured on the configuration's clock, checked by a one-shot deadline armed
/// only while something is queued.
final class DeliveryUploader: @unchecked Sendable {
    // MARK: - Internal

    /// Where events wait for upload.
    let store: EventStore
    /// The upload loop.
    let driver: UploadDriver

    /// An uploader, or `nil` (with a ``TrackingDiagnostic/Code/invalidEndpoint`` diagnostic) when the
    /// endpoint does not form a URL or is plain `http` to a host that is neither loopback nor opted in.
    init?(configuration: DeliveryConfiguration, store: EventStore, counters: DeliveryCounters,
          consent: ConsentState) {
        let report = configuration.diagnosticHandler
        let isUploadAllowed: @Sendable () -> Bool = { consent.current == .granted }
        guard !configuration.endpoint.refusesCleartext else {
            report(TrackingDiagnostic(
                code: .invalidEndpoint,
                message: "the endpoint uses http for a host that is not loopback and does not set allowsCleartextHTTP; "
                    + "events are stored but not uploaded (use https)"
            ))
            return nil
        }
        guard let transport = HTTPUploadTransport(configuration: .init(
            endpoint: configuration.endpoint, writeKey: configuration.writeKey, destination: configuration.destination.wire,
            gzip: configuration.usesGzip, timeout: configuration.requestTimeout, willStart: configuration.uploadWillStart
        )) else {
            report(TrackingDiagnostic(
                code: .invalidEndpoint,
                message: "the endpoint's parts do not form a valid URL (an empty host or a port outside 1...65535); events are stored but not uploaded"
            ))
            return nil
        }
        var sender = WireBatchSender(transport: transport, backoff: configuration.uploadBackoff, diagnostics: report)
        let appObserver = configuration.uploadObserver
        let unreachable = LastingConditionReports(clock: configuration.clock, report: report)
        sender.failedInTransport = { code in
            guard let kind = Self.unreachableHostKinds[code] else { return }
            unreachable.report(TrackingDiagnostic(
                code: .uploadFailed,
                message: "uploads keep failing: the endpoint's host \(kind); events are kept and retried (check the endpoint)"
            ), key: "host")
        }
        sender.observer = { report in
            if report.outcome == .delivered { unreachable.ended("host") }
            counters.recordUpload(report)
            appObserver?(report)
        }
        let clock = configuration.clock
        source = StoreBatchSource(
            store: store, destination: configuration.destination.wire, writeKey: configuration.writeKey,
            naming: configuration.wireNaming, limits: configuration.wireLimits, now: { clock.now().date },
            counters: counters, isUploadAllowed: isUploadAllowed, report: report
        )
        driver = UploadDriver(sender: sender, source: source, gate: consent)
        self.store = store
        self.counters = counters
        self.isUploadAllowed = isUploadAllowed
        self.clock = clock
        flushAt = configuration.validFlushAt
        flushInterval = configuration.validFlushInterval
        lastFlush = configuration.clock.now().date
    }

    /// Starts the triggers that need no call: a queue the store recovered from disk goes at the interval's
    /// end (an empty one arms nothing). Call once the store is open, before any other trigger; until then
    /// the uploader reads nothing from the store and starts nothing.
    func storeDidOpen() {
        if hasQueuedEvents { armIntervalDeadline() }
    }

    /// Counts one stored event; flushes when ``DeliveryConfiguration/flushAt`` were stored since the last flush.
    func didStore() {
        lock.lock()
        storedSinceFlush += 1
        let due = storedSinceFlush >= flushAt
        let armed = isDeadlineArmed
        lock.unlock()
        if !armed { armIntervalDeadline() }
        if due { flush() }
    }

    /// Seals the open segment and starts a flush; returns at once.
    func flush() {
        prepareFlush()
        Task { _ = await self.run() }
    }

    /// Seals the open segment, flushes, and returns what the flush did.
    func flushAndWait() async -> DeliveryFlushSummary {
        prepareFlush()
        return await run()
    }

    /// The interval trigger's check: flushes when something is queued and the interval has passed since
    /// the last flush, on the configuration's clock.
    func intervalElapsed() {
        lock.lock()
        let due = clock.now().date.timeIntervalSince(lastFlush) >= flushInterval
        lock.unlock()
        guard due, hasQueuedEvents else { return }
        flush()
    }

    /// Flushes inside a background task that is ended exactly once (UIKIT-SEMANTICS 40).
    @MainActor
    func flushInBackground(application: UIApplication) {
        prepareFlush()
        // Each flush is kept until its task has ended: its expiration handler needs it, even when the app
        // went to the background again before the previous flush finished.
        backgroundFlushes.removeAll { $0.isEnded }
        let driver = driver
        backgroundFlushes.append(BackgroundFlush(application: application, expire: { driver.stopFlushing() }) { [self] in
            _ = await run()
        })
    }

    /// The background flush begun last, if any.
    @MainActor
    var currentBackgroundFlush: BackgroundFlush? { backgroundFlushes.last }

    // MARK: - Private

    /// Transport failures that count as offline but, lasting, mean a wrong endpoint: reported once an hour
    /// at most (and again after an upload succeeded), naming the error kind only.
    private static let unreachableHostKinds: [URLError.Code: String] = [
        .cannotConnectToHost: "refuses connections (cannotConnectToHost)",
        .cannotFindHost: "cannot be found (cannotFindHost)",
        .dnsLookupFailed: "cannot be found (dnsLookupFailed)",
    ]

    private let source: StoreBatchSource
    private let counters: DeliveryCounters
    private let isUploadAllowed: @Sendable () -> Bool
    private let clock: any TrackingClock
    private let flushAt: Int
    private let flushInterval: TimeInterval
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "Sightline.DeliveryUploader", qos: .utility)
    private var storedSinceFlush = 0
    private var lastFlush: Date
    private var isRetryScheduled = false
    /// Until when the driver holds off after a failure (real time, as the retry's timer).
    private var backoffEnd: Date?
    /// Whether the interval's one-shot deadline is armed (it is only while something is queued).
    private var isDeadlineArmed = false
    @MainActor private var backgroundFlushes: [BackgroundFlush] = []

    private func prepareFlush() {
        lock.lock()
        storedSinceFlush = 0
        lastFlush = clock.now().date
        let holdsOff = backoffEnd.map { Date() < $0 } ?? false
        lock.unlock()
        // Sealed later, by the retry when the backoff ends or by the flush that consent granted allows.
        guard !holdsOff, isUploadAllowed() else { return }
        store.sealOpenSegment()
    }

    private func run() async -> DeliveryFlushSummary {
        let summary = await driver.flush()
        noteBackoff(of: summary)
        if let delay = summary.retryDelay {
            scheduleRetry(after: delay)
        }
        let kept: Int
        if summary.requests == 0, summary.waitedForBackoff || !isUploadAllowed() {
            // Nothing changed the queue: the running count stands, without reading every segment.
            kept = counters.snapshot.queued
        } else {
            kept = store.countUnacknowledgedEvents()
            counters.update { $0.queued = kept }
        }
        return DeliveryFlushSummary(delivered: summary.delivered, kept: kept, rejected: summary.rejected, requests: summary.requests)
    }

    private func noteBackoff(of summary: UploadFlushSummary) {
        lock.lock()
        defer { lock.unlock() }
        if let delay = summary.retryDelay {
            backoffEnd = Date().addingTimeInterval(delay)
        } else if summary.requests > 0 {
            backoffEnd = nil
        }
    }

    private func scheduleRetry(after delay: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        guard !isRetryScheduled else { return }
        isRetryScheduled = true
        queue.asyncAfter(deadline: .now() + max(delay, 0.001)) { [weak self] in
            guard let self else { return }
            lock.lock()
            isRetryScheduled = false
            lock.unlock()
            flush()
        }
    }

    private var hasQueuedEvents: Bool {
        store.openSegmentEventCount > 0 || !store.sealedSegments.isEmpty
    }

    /// Arms one one-shot deadline at the end of the flush interval, unless one is armed. When it is reached and
    /// something is still queued, the next one is armed; with nothing queued nothing is, so an idle uploader
    /// wakes no thread.
    private func armIntervalDeadline() {
        lock.lock()
        guard !isDeadlineArmed else {
            lock.unlock()
            return
        }
        isDeadlineArmed = true
        let delay = lastFlush.addingTimeInterval(flushInterval).timeIntervalSince(clock.now().date)
        lock.unlock()
        queue.asyncAfter(deadline: .now() + max(delay, 0.001)) { [weak self] in self?.intervalDeadlineReached() }
    }

    private func intervalDeadlineReached() {
        lock.lock()
        isDeadlineArmed = false
        lock.unlock()
        intervalElapsed()
        if hasQueuedEvents { armIntervalDeadline() }
    }
}
