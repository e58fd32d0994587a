import Foundation

/// Recovery: rebuilding the sealed list from what an earlier process left, and from files that vanished while
/// running.
extension EventStore {
    // MARK: - Recovery

    /// The open segment's file is gone (its directory was deleted while running): forget it and every
    /// sealed segment that went with it, and start afresh at the next append.
    func recoverFromVanishedFiles() {
        guard let open = openSegment else { return }
        FileIO.closeDescriptor(open.fd)
        openSegment = nil
        let vanished = sealed.filter { !FileManager.default.fileExists(atPath: path($0.sequence, .seg)) }
        sealed.removeAll { vanished.contains($0) }
        sealedByteCount = sealed.reduce(0) { $0 + $1.byteCount }
        reportLocked(TrackingDiagnostic(
            code: .storeUnavailable,
            message: "the store's files were removed while running "
                + "(\(open.eventCount + vanished.reduce(0) { $0 + $1.eventCount }) event(s) with them); storage is recreated"
        ))
    }

    /// Rebuilds the sealed list from the directory: seals what a killed process left open, cuts torn tails,
    /// quarantines unreadable files, deletes fully acknowledged segments and orphaned sidecars, applies caps.
    func recover() {
        do {
            try prepareDirectory()
        } catch {
            isFailing = true
            reportLocked(TrackingDiagnostic(
                code: .storeUnavailable,
                message: "cannot create the store's directory (\(TrackingDiagnostic.errorCodes(of: error))); events are refused until it can"
            ))
            return
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directoryPath)) ?? []
        var kinds: [UInt64: Set<SegmentNaming.Kind>] = [:]
        for name in names {
            guard let (sequence, kind) = SegmentNaming.parse(name) else { continue }
            guard sequence <= SegmentNaming.maximumSequence else {
                // Counting never reaches such a number; taking the next one after it would overflow.
                quarantine(directoryPath + "/" + name, sequence: sequence, reason: "has a sequence number beyond the counter's range")
                continue
            }
            kinds[sequence, default: []].insert(kind)
        }
        nextSequence = (kinds.keys.max() ?? 0) + 1
        for sequence in kinds.keys.sorted() {
            var found = kinds[sequence]!
            if found.contains(.ack), !isReadableAcknowledgementFile(sequence) {
                found.remove(.ack)
            }
            if found.contains(.seg) {
                if found.contains(.open) { FileIO.removeItem(path(sequence, .open)) }
                recoverSegment(sequence, at: path(sequence, .seg), wasOpen: false, hasAcks: found.contains(.ack))
            } else if found.contains(.open) {
                recoverSegment(sequence, at: path(sequence, .open), wasOpen: true, hasAcks: found.contains(.ack))
            } else {
                FileIO.removeItem(path(sequence, .ack))
            }
        }
        sealedByteCount = sealed.reduce(0) { $0 + $1.byteCount }
        FileIO.synchronizeDirectory(directoryPath)
        enforceAgeCap()
        makeRoom(for: 0)
        enforceQuarantineCaps()
    }

    func recoverSegment(_ sequence: UInt64, at filePath: String, wasOpen: Bool, hasAcks: Bool) {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.readFile(filePath, maximumSize: limits.storedByteCount)
        } catch {
            quarantine(filePath, sequence: sequence, reason: "cannot be read (\(TrackingDiagnostic.errorCodes(of: error)))")
            return
        }
        var eventCount = 0
        var newest: Date?
        var ids: [UUID] = []
        let outcome = SegmentParser.parse(bytes) { payload in
            guard payload.first == RecordFormat.RecordType.event.rawValue,
                  let timestamp = try? EventRecordDecoder.eventTimestamp(in: payload) else { return }
            eventCount += 1
            newest = max(newest ?? timestamp, timestamp)
            if hasAcks, let id = try? EventRecordDecoder.eventID(in: payload) { ids.append(id) }
        }
        guard outcome.hasValidHeader else {
            // A process killed between creating its open segment and writing the header left nothing to lose.
            if wasOpen && bytes.count < RecordFormat.headerSize {
                FileIO.removeItem(filePath)
            } else {
                quarantine(filePath, sequence: sequence, reason: bytes.isEmpty ? "is empty" : "has no valid segment header")
            }
            return
        }
        if outcome.corruptRecordCount > 0 {
            reportLocked(TrackingDiagnostic(
                code: .storeCorruptTail,
                message: "segment \(sequence): \(outcome.corruptRecordCount) record(s) failed their checksum and were skipped; "
                    + "\(eventCount) event(s) kept"
            ))
        }
        if outcome.tailByteCount > 0 {
            reportLocked(TrackingDiagnostic(
                code: .storeCorruptTail,
                message: "segment \(sequence): a torn or corrupt tail of \(outcome.tailByteCount) byte(s) was skipped; "
                    + "the \(eventCount) event(s) before it are kept"
            ))
            cutTail(of: filePath, at: outcome.validLength)
        }
        let acknowledged = hasAcks ? acknowledgedIDs(of: sequence) : []
        guard eventCount > 0, !(hasAcks && ids.allSatisfy(acknowledged.contains)) else {
            FileIO.removeItem(filePath)
            FileIO.removeItem(path(sequence, .ack))
            return
        }
        if wasOpen {
            do {
                try FileIO.renameItem(filePath, to: path(sequence, .seg))
            } catch {
                quarantine(filePath, sequence: sequence, reason: "cannot be sealed (\(TrackingDiagnostic.errorCodes(of: error)))")
                return
            }
        }
        sealed.append(SealedSegment(
            sequence: sequence, eventCount: eventCount, byteCount: outcome.validLength, newestTimestamp: newest
        ))
        if hasAcks {
            recoveredUnacknowledged[sequence] = ids.count { !acknowledged.contains($0) }
        }
    }

    /// Whether the acknowledgement sidecar is a regular file within the size cap; one that is not (a symbolic
    /// link planted there would have its target truncated by the next acknowledgement) is set aside.
    func isReadableAcknowledgementFile(_ sequence: UInt64) -> Bool {
        let ackPath = path(sequence, .ack)
        do {
            _ = try FileIO.readFile(ackPath, maximumSize: limits.storedByteCount)
            return true
        } catch {
            quarantine(ackPath, sequence: sequence, reason: "cannot be read (\(TrackingDiagnostic.errorCodes(of: error)))")
            return false
        }
    }

    func cutTail(of filePath: String, at length: Int) {
        guard let fd = try? FileIO.openForAppending(filePath, exclusive: false) else { return }
        try? FileIO.truncateFile(fd, to: length, path: filePath)
        FileIO.synchronize(fd)
        FileIO.closeDescriptor(fd)
    }
}
