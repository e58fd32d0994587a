import Foundation

/// The event store as the upload loop's ``UploadBatchSource``: batches are the oldest unacknowledged
/// events, in order, encoded for the wire and packed within ``WireLimits``; what a batch delivered or had
/// rejected is acknowledged in the store's durable sidecar, so it never goes out again.
///
/// Events that cannot go on the wire (over the per-message limit, or lacking what their kind needs) are
/// acknowledged as dropped when met, with a diagnostic. Kept events stay unacknowledged and are read again,
/// with the same ids, by the next batch.
final class StoreBatchSource: UploadBatchSource, @unchecked Sendable {
    // MARK: - Internal

    /// - Parameters:
    ///   - store: The upload queue.
    ///   - naming: The wire names of impressions and screen properties.
    ///   - limits: Request and message size limits.
    ///   - counters: Where deliveries and drops are counted.
    ///   - isUploadAllowed: Whether consent allows uploading now; checked before each batch.
    ///   - report: Receives diagnostics.
    init(store: EventStore, naming: TrackingWireNaming, limits: WireLimits, counters: DeliveryCounters,
         isUploadAllowed: @escaping @Sendable () -> Bool, report: @escaping @Sendable (TrackingDiagnostic) -> Void) {
        self.store = store
        self.naming = naming
        builder = WireBatchBuilder(limits: limits)
        self.counters = counters
        self.isUploadAllowed = isUploadAllowed
        self.report = report
    }

    func nextBatch() async -> WireBatch? {
        guard isUploadAllowed() else { return nil }
        var batch = WireBatch()
        var origins: [String: Origin] = [:]
        var context: (value: TrackingContext, members: [WireJSONMember])?
        var droppedCount = 0
        segments: for segment in store.sealedSegments {
            var dropped: [UUID] = []
            defer {
                store.acknowledge(dropped, in: segment)
                droppedCount += dropped.count
            }
            for event in store.events(in: segment) {
                var members: [WireJSONMember] = []
                if let eventContext = event.context {
                    if context?.value != eventContext { context = (eventContext, [WireJSONMember](eventContext)) }
                    members = context!.members
                }
                guard let message = WireMessage(event: event, naming: naming, context: members)?.encoded() else {
                    report(TrackingDiagnostic(code: .eventNotSendable, message: "event \(event.id) (\(event.kind)) lacks what its wire message needs; dropped"))
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
        if droppedCount > 0 {
            counters.update { $0.dropped += droppedCount }
        }
        exchangeInFlight(origins)
        return batch.isEmpty ? nil : batch
    }

    func complete(_ report: BatchDeliveryReport) async {
        let origins = exchangeInFlight([:])
        var finished: [UInt64: (segment: SealedSegment, ids: [UUID])] = [:]
        for messageId in report.delivered + report.rejected {
            guard let origin = origins[messageId] else { continue }
            finished[origin.segment.sequence, default: (origin.segment, [])].ids.append(origin.id)
        }
        for sequence in finished.keys.sorted() {
            let (segment, ids) = finished[sequence]!
            store.acknowledge(ids, in: segment)
        }
        let delivered = report.outcomes.filter { $0 == .delivered }.count
        counters.update {
            $0.delivered += report.delivered.count
            $0.dropped += report.rejected.count
            $0.requests += report.outcomes.count
            $0.batchesDelivered += delivered
        }
    }

    // MARK: - Private

    private struct Origin {
        var segment: SealedSegment
        var id: UUID
    }

    private let store: EventStore
    private let naming: TrackingWireNaming
    private let builder: WireBatchBuilder
    private let counters: DeliveryCounters
    private let isUploadAllowed: @Sendable () -> Bool
    private let report: @Sendable (TrackingDiagnostic) -> Void
    private let lock = NSLock()
    /// The last batch's messages: where each came from, to acknowledge it once its fate is known.
    private var inFlight: [String: Origin] = [:]

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
