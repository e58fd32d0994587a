import Foundation

/// Handing sealed segments over to another store by rename (a consent-pending area to the main queue).
extension EventStore {
    // MARK: - Handover

    /// Moves every sealed segment (and its acknowledgements) into `target` by rename; they become `target`'s
    /// newest. Segments that cannot be moved stay here, with a diagnostic.
    /// - Parameter synchronize: Whether to flush both directories now; a caller holding a lock that appends
    ///   wait for passes `false` and calls ``synchronizeDirectory()`` on both after releasing it.
    func moveSealedSegments(to target: EventStore, synchronize: Bool = true) {
        guard target !== self else { return }
        lock.lock()
        let moving = sealed
        sealed.removeAll()
        sealedByteCount = 0
        lock.unlock()
        var kept: [SealedSegment] = []
        for segment in moving {
            do {
                try target.adopt(segment, ackPath: path(segment.sequence, .ack), segmentPath: path(segment.sequence, .seg))
            } catch {
                report(TrackingDiagnostic(
                    code: .storeWriteFailed,
                    message: "could not move segment \(segment.sequence) to the other store (\(TrackingDiagnostic.errorCodes(of: error))); it stays"
                ))
                kept.append(segment)
            }
        }
        lock.lock()
        sealed = (kept + sealed).sorted { $0.sequence < $1.sequence }
        sealedByteCount = sealed.reduce(0) { $0 + $1.byteCount }
        lock.unlock()
        if synchronize {
            synchronizeDirectory()
            target.synchronizeDirectory()
        }
    }

    /// Takes over a sealed segment of another store, renaming its files into this directory.
    func adopt(_ segment: SealedSegment, ackPath: String, segmentPath: String) throws {
        lock.lock()
        defer { lock.unlock() }
        try prepareDirectory()
        let sequence = try takeSequence()
        if FileManager.default.fileExists(atPath: ackPath) {
            try FileIO.renameItem(ackPath, to: path(sequence, .ack))
        }
        try FileIO.renameItem(segmentPath, to: path(sequence, .seg))
        var adopted = segment
        adopted.sequence = sequence
        sealed.append(adopted)
        sealedByteCount += adopted.byteCount
    }
}
