import Foundation

/// Acknowledgements: the durable `.ack` sidecar of delivered or dropped event ids, and deleting a segment
/// once every event in it is acknowledged.
extension EventStore {
    // MARK: - Acknowledgements

    /// Records durably that these events of `segment` were delivered or dropped; once every event of the
    /// segment is acknowledged, the segment is deleted. Acknowledging again is harmless.
    /// - Returns: Whether the acknowledgements were recorded (or had nothing to record: no ids, or a segment
    ///   that is gone); `false` when the sidecar could not be written, with a diagnostic.
    @discardableResult
    func acknowledge(_ ids: some Collection<UUID>, in segment: SealedSegment) -> Bool {
        guard !ids.isEmpty else { return true }
        // The fsync of the sidecar and the reads run outside the main lock, so that appends on the main
        // thread never wait for them; `acknowledgementLock` keeps acknowledgements in order.
        acknowledgementLock.lock()
        guard !isClosed, isSealed(segment) else {
            acknowledgementLock.unlock()
            return true
        }
        do {
            try FileIO.appendDurably(
                AcknowledgementFormat.entries(for: ids), to: path(segment.sequence, .ack), entrySize: AcknowledgementFormat.entrySize
            )
        } catch {
            acknowledgementLock.unlock()
            report(TrackingDiagnostic(
                code: .storeWriteFailed,
                message: "could not record \(ids.count) acknowledgement(s) for segment \(segment.sequence): \(TrackingDiagnostic.errorCodes(of: error)); "
                    + "this process does not send those events again, a relaunch may (same ids)"
            ))
            return false
        }
        defer { acknowledgementLock.unlock() }
        guard isFullyAcknowledged(segment.sequence) else { return true }
        lock.lock()
        if let index = sealed.firstIndex(where: { $0.sequence == segment.sequence }) {
            deleteLocked(at: index)
        }
        lock.unlock()
        FileIO.synchronizeDirectory(directoryPath)
        return true
    }

    func acknowledgedIDs(of sequence: UInt64) -> Set<UUID> {
        (try? readStoreFile(sequence, .ack)).map(AcknowledgementFormat.ids(in:)) ?? []
    }

    func isFullyAcknowledged(_ sequence: UInt64) -> Bool {
        guard let bytes = try? readStoreFile(sequence, .seg) else { return false }
        let acknowledged = acknowledgedIDs(of: sequence)
        var complete = true
        _ = SegmentParser.parse(bytes) { payload in
            guard complete, payload.first == RecordFormat.RecordType.event.rawValue,
                  let id = try? EventRecordDecoder.eventID(in: payload) else { return }
            complete = acknowledged.contains(id)
        }
        return complete
    }
}
