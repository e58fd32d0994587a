import Foundation

/// The write side: appending events to the open segment and sealing it.
extension EventStore {
    // MARK: - Appending

    /// Appends one event to the open segment. When this returns, the event has reached the file.
    /// - Throws: The system error when the event could not be written (nothing stored before is touched).
    func append(_ event: TrackingEvent) throws {
        lock.lock()
        defer { unlockAndReport() }
        let now = clock.now().date
        if let open = openSegment {
            if now.timeIntervalSince(open.createdAt) >= limits.segmentAge {
                sealLocked()
            } else if !FileIO.isLinked(open.fd) {
                recoverFromVanishedFiles()
            }
        }
        var size = encode(event)
        if lockedStoredByteCount + size > limits.storedByteCount {
            makeRoom(for: size)
            // Making room may have sealed the open segment: the event then starts a new one, which needs
            // its own context record.
            size = encode(event)
            if lockedStoredByteCount + size > limits.storedByteCount {
                makeRoom(for: size)
            }
        }
        do {
            if openSegment == nil {
                try openNewSegment(at: now)
            }
            try writeLocked(size: size)
        } catch {
            if !isFailing {
                isFailing = true
                reportLocked(TrackingDiagnostic(
                    code: .storeWriteFailed,
                    message: "could not store an event (\(TrackingDiagnostic.errorCodes(of: error))); events are refused until "
                        + "writing works again, and everything stored before is kept"
                ))
            }
            throw error
        }
        isFailing = false
        openSegment!.eventCount += 1
        openSegment!.newestTimestamp = event.timestamp
        if event.context != nil {
            openSegment!.context = event.context
        }
        if openSegment!.eventCount >= limits.segmentEventCount || openSegment!.byteCount >= limits.segmentByteCount {
            sealLocked()
        }
    }

    /// Seals the open segment now, if it holds any event, so that readers can see its events.
    func sealOpenSegment() {
        lock.lock()
        sealLocked()
        unlockAndReport()
    }

    /// Encodes `event` into the encoder, preceded by its context when the open segment lacks it; returns
    /// the bytes to write.
    func encode(_ event: TrackingEvent) -> Int {
        encoder.removeAll()
        if let context = event.context, context != openSegment?.context {
            encoder.appendContext(context)
        }
        encoder.appendEvent(event)
        return encoder.bytes.count
    }

    func writeLocked(size: Int) throws {
        let open = openSegment!
        do {
            try encoder.bytes.withUnsafeBytes { try FileIO.writeAll(open.fd, $0, path: open.path) }
            openSegment!.byteCount += size
        } catch {
            // A partial record must not sit in front of the next one: cut it off, or give up the file.
            do {
                try FileIO.truncateFile(open.fd, to: open.byteCount, path: open.path)
            } catch {
                sealLocked()
            }
            throw error
        }
    }

    func openNewSegment(at now: Date) throws {
        try prepareDirectory()
        let sequence = try takeSequence()
        let path = path(sequence, .open)
        let fd = try FileIO.openForAppending(path, exclusive: true)
        do {
            try RecordFormat.header.withUnsafeBytes { try FileIO.writeAll(fd, $0, path: path) }
        } catch {
            FileIO.closeDescriptor(fd)
            FileIO.removeItem(path)
            throw error
        }
        openSegment = OpenSegment(fd: fd, sequence: sequence, path: path, byteCount: RecordFormat.headerSize, createdAt: now)
    }

    func sealLocked() {
        guard let open = openSegment else { return }
        openSegment = nil
        guard open.eventCount > 0 else {
            FileIO.closeDescriptor(open.fd)
            FileIO.removeItem(open.path)
            return
        }
        do {
            try FileIO.renameItem(open.path, to: path(open.sequence, .seg))
        } catch {
            FileIO.closeDescriptor(open.fd)
            reportLocked(TrackingDiagnostic(
                code: .storeWriteFailed,
                message: "could not seal segment \(open.sequence): \(TrackingDiagnostic.errorCodes(of: error)); it is sealed at the next launch"
            ))
            return
        }
        sealed.append(SealedSegment(
            sequence: open.sequence, eventCount: open.eventCount, byteCount: open.byteCount,
            newestTimestamp: open.newestTimestamp
        ))
        sealedByteCount += open.byteCount
        let directoryPath = directoryPath
        backgroundQueue.async {
            FileIO.synchronize(open.fd)
            FileIO.closeDescriptor(open.fd)
            FileIO.synchronizeDirectory(directoryPath)
        }
        enforceAgeCap()
    }
}
