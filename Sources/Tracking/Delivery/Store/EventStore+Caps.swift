import Foundation

/// The caps on total bytes and event age: the oldest segments go first, with a diagnostic.
extension EventStore {
    // MARK: - Caps

    /// Deletes the sealed segment at `index` and its sidecar; call with the lock held.
    func deleteLocked(at index: Int) {
        let segment = sealed.remove(at: index)
        sealedByteCount -= segment.byteCount
        FileIO.removeItem(path(segment.sequence, .seg))
        FileIO.removeItem(path(segment.sequence, .ack))
    }

    /// Drops the oldest events until `size` more bytes fit under the byte cap.
    func makeRoom(for size: Int) {
        var droppedEvents = 0
        var droppedSegments = 0
        while lockedStoredByteCount + size > limits.storedByteCount {
            if sealed.isEmpty {
                guard let open = openSegment, open.eventCount > 0 else { break }
                sealLocked()
                continue
            }
            droppedEvents += sealed[0].eventCount
            droppedSegments += 1
            deleteLocked(at: 0)
        }
        if droppedSegments > 0 {
            reportLocked(TrackingDiagnostic(
                code: .storeCapExceeded,
                message: "dropped the \(droppedEvents) oldest event(s) (\(droppedSegments) segment(s)) to stay under "
                    + "the cap of \(limits.storedByteCount) bytes"
            ))
        }
    }

    /// Drops sealed segments whose newest event is over the age cap.
    func enforceAgeCap() {
        let oldest = clock.now().date.addingTimeInterval(-limits.eventAge)
        var droppedEvents = 0
        var droppedSegments = 0
        while let first = sealed.first, let newest = first.newestTimestamp, newest < oldest {
            droppedEvents += first.eventCount
            droppedSegments += 1
            deleteLocked(at: 0)
        }
        if droppedSegments > 0 {
            reportLocked(TrackingDiagnostic(
                code: .storeCapExceeded,
                message: "dropped \(droppedEvents) event(s) (\(droppedSegments) segment(s)) older than the age cap of "
                    + "\(Int(limits.eventAge)) s"
            ))
        }
    }
}
