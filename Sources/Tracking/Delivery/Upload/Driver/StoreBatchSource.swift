import Foundation

/// The event store as the upload loop's ``UploadBatchSource``: batches are the oldest unacknowledged
/// events, in order, encoded for the destination and packed within its ``WireLimits``; what a batch
/// delivered or had rejected is acknowledged in the store's durable sidecar, so it never goes out again.
///
/// Events that cannot go on the wire (over the per-message limit, lacking what their kind needs, or older
/// than the destination accepts) are acknowledged as dropped when met, with a diagnostic (one per batch
/// for the too old, counting them). Kept events stay unacknowledged and are read again, with the same ids,
/// by the next batch.
///
/// What was acknowledged is also remembered in memory, per segment, so that this process never sends it
/// again even when the sidecar cannot be written (a full disk); a relaunch may then send it again, with the
/// same ids (at least once).
final class StoreBatchSource: UploadBatchSource, @unchecked Sendable {
    // MARK: - Internal

    /// - Parameters:
    ///   - store: The upload queue.
    ///   - destination: The vendor's format, limits and age rule.
    ///   - writeKey: The project key, for destinations that write it in each message or body.
    ///   - naming: The wire names of impressions and screen properties.
    ///   - limits: Request and message size limits.
    ///   - now: The clock for the destination's age rule.
    ///   - counters: Where deliveries and drops are counted.
    ///   - isUploadAllowed: Whether consent allows uploading now; checked before each batch.
    ///   - report: Receives diagnostics.
    init(store: EventStore, destination: any WireDestination = SegmentDestination(), writeKey: String = "",
         naming: TrackingWireNaming, limits: WireLimits, now: @escaping @Sendable () -> Date = { Date() },
         counters: DeliveryCounters, isUploadAllowed: @escaping @Sendable () -> Bool,
         report: @escaping @Sendable (TrackingDiagnostic) -> Void) {
        self.store = store
        self.destination = destination
        self.writeKey = writeKey
        self.naming = naming
        self.now = now
        builder = WireBatchBuilder(limits: limits, envelope: destination.envelope(writeKey: writeKey))
        self.counters = counters
        self.isUploadAllowed = isUploadAllowed
        self.report = report
    }

    func nextBatch() async -> WireBatch? {
        guard isUploadAllowed() else { return nil }
        var batch = WireBatch(envelope: builder.envelope)
        var origins: [String: Origin] = [:]
        var context: (value: TrackingContext, members: [WireJSONMember])?
        var droppedCount = 0
        var tooOldCount = 0
        let oldest = destination.maximumEventAge.map { now().addingTimeInterval(-$0) }
        let sealed = store.sealedSegments
        let finished = finishedIDs(keeping: sealed)
        segments: for segment in sealed {
            var dropped: [UUID] = []
            defer {
                finish(dropped, in: segment)
                droppedCount += dropped.count
            }
            let done = finished[segment.sequence] ?? []
            for event in store.events(in: segment) where !done.contains(event.id) {
                if let oldest, event.timestamp < oldest {
                    tooOldCount += 1
                    dropped.append(event.id)
                    continue
                }
                var members: [WireJSONMember] = []
                if let eventContext = event.context {
                    if context?.value != eventContext { context = (eventContext, destination.contextMembers(eventContext)) }
                    members = context!.members
                }
                guard let message = destination.message(for: event, naming: naming, context: members, writeKey: writeKey) else {
                    report(TrackingDiagnostic(code: .eventNotSendable, message: "a stored \(event.kind) event has no valid wire message (no identity, or a timestamp outside years 0000-9999); dropped"))
                    dropped.append(event.id)
                    continue
                }
                guard builder.admits(message, diagnostics: report) else {
                    dropped.append(event.id)
                    continue
                }
                guard builder.fits(message, in: batch) else { break segments }
                batch.append(message)
                origins[message.messageId] = Origin(segment: segment, id: event.id)
            }
        }
        if tooOldCount > 0, let age = destination.maximumEventAge {
            report(TrackingDiagnostic(
                code: .eventTooOld,
                message: "\(tooOldCount) stored events are older than the \(Int(age / 86_400))-day limit of the \(destination.name) destination; dropped before sending"
            ))
        }
        if droppedCount > 0 {
            counters.update { $0.dropped += droppedCount }
        }
        exchangeInFlight(origins)
        return batch.isEmpty ? nil : batch
    }

    func complete(_ report: BatchDeliveryReport) async -> Bool {
        let origins = exchangeInFlight([:])
        var finished: [UInt64: (segment: SealedSegment, ids: [UUID])] = [:]
        for messageId in report.delivered + report.rejected {
            guard let origin = origins[messageId] else { continue }
            finished[origin.segment.sequence, default: (origin.segment, [])].ids.append(origin.id)
        }
        var recorded = true
        for sequence in finished.keys.sorted() {
            let (segment, ids) = finished[sequence]!
            recorded = finish(ids, in: segment) && recorded
        }
        let delivered = report.outcomes.filter { $0 == .delivered }.count
        let acknowledged = finished.values.reduce(0) { $0 + $1.ids.count }
        // In the same update as `delivered`, so no snapshot counts an acknowledged event both as delivered
        // and as queued; the uploader recounts the queue from the store when its flush ends.
        counters.update {
            $0.queued = max(0, $0.queued - acknowledged)
            $0.delivered += report.delivered.count
            $0.dropped += report.rejected.count
            $0.requests += report.outcomes.count
            $0.batchesDelivered += delivered
        }
        return recorded
    }

    // MARK: - Private

    private struct Origin {
        var segment: SealedSegment
        var id: UUID
    }

    private let store: EventStore
    private let destination: any WireDestination
    private let writeKey: String
    private let naming: TrackingWireNaming
    private let now: @Sendable () -> Date
    private let builder: WireBatchBuilder
    private let counters: DeliveryCounters
    private let isUploadAllowed: @Sendable () -> Bool
    private let report: @Sendable (TrackingDiagnostic) -> Void
    private let lock = NSLock()
    /// The last batch's messages: where each came from, to acknowledge it once its fate is known.
    private var inFlight: [String: Origin] = [:]
    /// The ids acknowledged by this process, by segment sequence: never read again, even when the sidecar
    /// could not record them.
    private var finishedIDs: [UInt64: Set<UUID>] = [:]

    /// Remembers `ids` of `segment` as finished and acknowledges them in the store; returns whether the
    /// store recorded them.
    @discardableResult
    private func finish(_ ids: [UUID], in segment: SealedSegment) -> Bool {
        guard !ids.isEmpty else { return true }
        lock.lock()
        finishedIDs[segment.sequence, default: []].formUnion(ids)
        lock.unlock()
        return store.acknowledge(ids, in: segment)
    }

    /// The finished ids, after forgetting those of segments that are gone.
    private func finishedIDs(keeping segments: [SealedSegment]) -> [UInt64: Set<UUID>] {
        lock.lock()
        defer { lock.unlock() }
        guard !finishedIDs.isEmpty else { return [:] }
        let live = Set(segments.map(\.sequence))
        finishedIDs = finishedIDs.filter { live.contains($0.key) }
        return finishedIDs
    }

    /// Replaces the in-flight origins, returning the previous ones.
    @discardableResult
    private func exchangeInFlight(_ origins: [String: Origin]) -> [String: Origin] {
        lock.lock()
        defer { lock.unlock() }
        let previous = inFlight
        inFlight = origins
        return previous
    }
}
