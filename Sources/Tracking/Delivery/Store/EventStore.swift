import Foundation

/// A crash-safe, append-only queue of events on disk: one directory, many segment files.
///
/// **Write side** (``append(_:)``, called on the main thread by ``DeliverySink``): each event becomes one
/// framed record (length, CRC-32, compact binary payload; see ``RecordFormat``) appended to the open segment
/// with a single `write(2)`. When `append` returns, the record is in the kernel's page cache, so it survives
/// the process being killed. The open segment is sealed (renamed from `.open` to `.seg`) at a count, size or
/// age; `fsync` follows each seal and ``synchronize()`` (on backgrounding), off the caller's thread.
///
/// **Read side** (for the uploader): ``sealedSegments`` oldest first, ``events(in:)``, ``acknowledge(_:in:)``
/// (durable, in a `.ack` sidecar; a segment whose events are all acknowledged is deleted), ``sealOpenSegment()``,
/// ``moveSealedSegments(to:)`` (a second store, such as a consent-pending area, hands its segments over by
/// rename) and ``purge()``.
///
/// **Recovery** on init: a torn or corrupt tail is cut off with a diagnostic and everything before it kept;
/// a segment that cannot be read is moved to `quarantine/`; a segment left open by a killed process is sealed.
/// Caps on total bytes and event age drop the oldest first, with a diagnostic counting what was dropped.
///
/// Thread-safe: one lock guards the state; reads of sealed files and `fsync` happen outside it, and so do
/// diagnostics (a handler may call back into the store).
final class EventStore: @unchecked Sendable {
    // MARK: - Internal

    /// The store's directory.
    let directory: URL

    /// Opens (creating if needed) the store in `directory` and recovers what an earlier process left.
    /// - Parameters:
    ///   - directory: The store's own directory; nothing else should live in it.
    ///   - limits: Sealing thresholds and caps.
    ///   - clock: The source of "now" for segment and event ages.
    ///   - report: Receives diagnostics, on the thread where the problem was found.
    init(
        directory: URL,
        limits: EventStoreLimits,
        clock: any TrackingClock,
        report: @escaping @Sendable (TrackingDiagnostic) -> Void
    ) {
        self.directory = directory
        directoryPath = directory.path
        self.limits = limits
        self.clock = clock
        self.report = report
        lock.lock()
        recover()
        unlockAndReport()
    }

    deinit {
        if let openSegment {
            FileIO.closeDescriptor(openSegment.fd)
        }
    }

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
                    message: "could not store an event in \(directoryPath): \(error); events are refused until "
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

    /// Flushes the open segment and the directory to the storage device (for power loss; a killed process
    /// loses nothing that ``append(_:)`` accepted, flushed or not).
    func synchronize() {
        lock.lock()
        let fd = openSegment.map { dup($0.fd) } ?? -1
        lock.unlock()
        if fd >= 0 {
            FileIO.synchronize(fd)
            FileIO.closeDescriptor(fd)
        }
        FileIO.synchronizeDirectory(directoryPath)
        lock.lock()
        synchronizationCount += 1
        lock.unlock()
    }

    /// How many times ``synchronize()`` completed.
    var completedSynchronizations: Int {
        lock.lock()
        defer { lock.unlock() }
        return synchronizationCount
    }

    /// Waits until the `fsync`s that sealing started in the background are done.
    func waitForBackgroundWork() {
        backgroundQueue.sync {}
    }

    /// The sealed segments, oldest first.
    var sealedSegments: [SealedSegment] {
        lock.lock()
        defer { lock.unlock() }
        return sealed
    }

    /// Events in the open segment, not yet visible to readers (an uploader's count trigger).
    var openSegmentEventCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return openSegment?.eventCount ?? 0
    }

    /// Events not yet acknowledged as found on opening (before anything was appended or acknowledged):
    /// counted during recovery, so it costs no second read.
    var recoveredUnacknowledgedEventCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sealed.reduce(0) { $0 + (recoveredUnacknowledged[$1.sequence] ?? $1.eventCount) }
    }

    /// Events not yet acknowledged, open segment included. Reads every sealed segment's ids (no full
    /// decoding), so call it off the main thread and rarely.
    func countUnacknowledgedEvents() -> Int {
        var count = openSegmentEventCount
        for segment in sealedSegments {
            guard let bytes = FileIO.readAll(path(segment.sequence, .seg)) else { continue }
            let acknowledged = acknowledgedIDs(of: segment.sequence)
            _ = SegmentParser.parse(bytes) { payload in
                guard payload.first == RecordFormat.RecordType.event.rawValue,
                      let id = try? EventRecordDecoder.eventID(in: payload), !acknowledged.contains(id) else { return }
                count += 1
            }
        }
        return count
    }

    /// Bytes in every segment file, open one included.
    var storedByteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return lockedStoredByteCount
    }

    /// The events of a sealed segment not yet acknowledged, in the order they were appended, each with the
    /// context it was recorded with. Events over the age cap, and records that pass their checksum but do not
    /// decode, are acknowledged as dropped, with a diagnostic.
    func events(in segment: SealedSegment) -> [TrackingEvent] {
        guard isSealed(segment), let bytes = FileIO.readAll(path(segment.sequence, .seg)) else { return [] }
        let acknowledged = acknowledgedIDs(of: segment.sequence)
        let oldest = clock.now().date.addingTimeInterval(-limits.eventAge)
        var events: [TrackingEvent] = []
        var context: TrackingContext?
        var dropped: [UUID] = []
        var tooOld = 0
        var undecodable = 0
        _ = SegmentParser.parse(bytes) { payload in
            switch RecordFormat.RecordType(rawValue: payload.first!) {
            case .context:
                context = try? EventRecordDecoder.context(from: payload)
            case .event:
                guard let id = try? EventRecordDecoder.eventID(in: payload), !acknowledged.contains(id) else { return }
                guard let event = try? EventRecordDecoder.event(from: payload, context: context) else {
                    undecodable += 1
                    dropped.append(id)
                    return
                }
                if event.timestamp < oldest {
                    tooOld += 1
                    dropped.append(id)
                } else {
                    events.append(event)
                }
            case nil:
                undecodable += 1
            }
        }
        if undecodable > 0 {
            report(TrackingDiagnostic(
                code: .storeCorruptTail,
                message: "segment \(segment.sequence): \(undecodable) record(s) passed their checksum but do not decode; dropped"
            ))
        }
        if tooOld > 0 {
            report(TrackingDiagnostic(
                code: .storeCapExceeded,
                message: "dropped \(tooOld) event(s) older than the age cap of \(Int(limits.eventAge)) s"
            ))
        }
        if !dropped.isEmpty {
            acknowledge(dropped, in: segment)
        }
        return events
    }

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
        guard isSealed(segment) else {
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
                message: "could not record \(ids.count) acknowledgement(s) for segment \(segment.sequence): \(error); "
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
                    message: "could not move segment \(segment.sequence) to \(target.directoryPath): \(error); it stays"
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

    /// Deletes every event, sealed or not.
    func purge() {
        deleteDetached(detachAll())
    }

    /// Takes every event out of the store at once (the open segment closed, the sealed list emptied) without
    /// touching the files: no append or reader sees them any more. Returns the files, for ``deleteDetached(_:)``.
    func detachAll() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        var paths: [String] = []
        if let open = openSegment {
            FileIO.closeDescriptor(open.fd)
            paths.append(open.path)
            openSegment = nil
        }
        for segment in sealed {
            paths += [path(segment.sequence, .seg), path(segment.sequence, .ack)]
        }
        sealed.removeAll()
        sealedByteCount = 0
        return paths
    }

    /// Deletes files that ``detachAll()`` returned and flushes the directory.
    func deleteDetached(_ paths: [String]) {
        paths.forEach(FileIO.removeItem)
        synchronizeDirectory()
    }

    /// Flushes the directory's entries (renames, deletions) to the storage device.
    func synchronizeDirectory() {
        FileIO.synchronizeDirectory(directoryPath)
    }

    // MARK: - Private

    private struct OpenSegment {
        var fd: Int32
        var sequence: UInt64
        var path: String
        var eventCount = 0
        var byteCount: Int
        var createdAt: Date
        var newestTimestamp: Date?
        /// The context of the last context record written to this segment.
        var context: TrackingContext?
    }

    private let directoryPath: String
    private let limits: EventStoreLimits
    private let clock: any TrackingClock
    private let report: @Sendable (TrackingDiagnostic) -> Void
    private let lock = NSLock()
    private let acknowledgementLock = NSLock()
    private let backgroundQueue = DispatchQueue(label: "Sightline.EventStore.fsync", qos: .utility)
    private var openSegment: OpenSegment?
    private var sealed: [SealedSegment] = []
    private var sealedByteCount = 0
    private var nextSequence: UInt64 = 1
    private var encoder = EventRecordEncoder()
    /// A write failure was reported and writing has not worked since: one diagnostic per failure streak.
    private var isFailing = false
    private var synchronizationCount = 0
    /// Unacknowledged events of the partly acknowledged segments found on opening, by sequence.
    private var recoveredUnacknowledged: [UInt64: Int] = [:]
    /// Diagnostics found while holding the lock, reported once it is released: a handler may call back into
    /// the store (or the sink that owns it) without deadlocking.
    private var lockedDiagnostics: [TrackingDiagnostic] = []

    /// Keeps `diagnostic` until ``unlockAndReport()``; call with the lock held.
    private func reportLocked(_ diagnostic: TrackingDiagnostic) {
        lockedDiagnostics.append(diagnostic)
    }

    /// Releases the lock, then reports what was found while holding it.
    private func unlockAndReport() {
        guard !lockedDiagnostics.isEmpty else { return lock.unlock() }
        let diagnostics = lockedDiagnostics
        lockedDiagnostics.removeAll()
        lock.unlock()
        diagnostics.forEach(report)
    }

    private var lockedStoredByteCount: Int {
        sealedByteCount + (openSegment?.byteCount ?? 0)
    }

    private func path(_ sequence: UInt64, _ kind: SegmentNaming.Kind) -> String {
        directoryPath + "/" + SegmentNaming.name(sequence, kind)
    }

    private func isSealed(_ segment: SealedSegment) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return sealed.contains { $0.sequence == segment.sequence }
    }

    /// Encodes `event` into the encoder, preceded by its context when the open segment lacks it; returns
    /// the bytes to write.
    private func encode(_ event: TrackingEvent) -> Int {
        encoder.removeAll()
        if let context = event.context, context != openSegment?.context {
            encoder.appendContext(context)
        }
        encoder.appendEvent(event)
        return encoder.bytes.count
    }

    private func writeLocked(size: Int) throws {
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

    private func openNewSegment(at now: Date) throws {
        try prepareDirectory()
        let sequence = nextSequence
        nextSequence += 1
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

    private func prepareDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directoryPath, isDirectory: &isDirectory), isDirectory.boolValue {
            return
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #if canImport(Darwin)
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        var url = directory
        try? url.setResourceValues(values)
        #endif
        #if os(iOS) || os(visionOS) || os(watchOS)
        try? FileManager.default.setAttributes(
            [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication], ofItemAtPath: directoryPath
        )
        #endif
    }

    private func sealLocked() {
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
                message: "could not seal segment \(open.sequence): \(error); it is sealed at the next launch"
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

    private func deleteLocked(at index: Int) {
        let segment = sealed.remove(at: index)
        sealedByteCount -= segment.byteCount
        FileIO.removeItem(path(segment.sequence, .seg))
        FileIO.removeItem(path(segment.sequence, .ack))
    }

    /// Drops the oldest events until `size` more bytes fit under the byte cap.
    private func makeRoom(for size: Int) {
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
    private func enforceAgeCap() {
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

    /// The open segment's file is gone (its directory was deleted while running): forget it and every
    /// sealed segment that went with it, and start afresh at the next append.
    private func recoverFromVanishedFiles() {
        guard let open = openSegment else { return }
        FileIO.closeDescriptor(open.fd)
        openSegment = nil
        let vanished = sealed.filter { !FileManager.default.fileExists(atPath: path($0.sequence, .seg)) }
        sealed.removeAll { vanished.contains($0) }
        sealedByteCount = sealed.reduce(0) { $0 + $1.byteCount }
        reportLocked(TrackingDiagnostic(
            code: .storeUnavailable,
            message: "the store's files in \(directoryPath) were removed while running "
                + "(\(open.eventCount + vanished.reduce(0) { $0 + $1.eventCount }) event(s) with them); storage is recreated"
        ))
    }

    private func acknowledgedIDs(of sequence: UInt64) -> Set<UUID> {
        FileIO.readAll(path(sequence, .ack)).map(AcknowledgementFormat.ids(in:)) ?? []
    }

    private func isFullyAcknowledged(_ sequence: UInt64) -> Bool {
        guard let bytes = FileIO.readAll(path(sequence, .seg)) else { return false }
        let acknowledged = acknowledgedIDs(of: sequence)
        var complete = true
        _ = SegmentParser.parse(bytes) { payload in
            guard complete, payload.first == RecordFormat.RecordType.event.rawValue,
                  let id = try? EventRecordDecoder.eventID(in: payload) else { return }
            complete = acknowledged.contains(id)
        }
        return complete
    }

    /// Takes over a sealed segment of another store, renaming its files into this directory.
    private func adopt(_ segment: SealedSegment, ackPath: String, segmentPath: String) throws {
        lock.lock()
        defer { lock.unlock() }
        try prepareDirectory()
        let sequence = nextSequence
        nextSequence += 1
        if FileManager.default.fileExists(atPath: ackPath) {
            try FileIO.renameItem(ackPath, to: path(sequence, .ack))
        }
        try FileIO.renameItem(segmentPath, to: path(sequence, .seg))
        var adopted = segment
        adopted.sequence = sequence
        sealed.append(adopted)
        sealedByteCount += adopted.byteCount
    }

    // MARK: - Private: recovery

    /// Rebuilds the sealed list from the directory: seals what a killed process left open, cuts torn tails,
    /// quarantines unreadable files, deletes fully acknowledged segments and orphaned sidecars, applies caps.
    private func recover() {
        do {
            try prepareDirectory()
        } catch {
            isFailing = true
            reportLocked(TrackingDiagnostic(
                code: .storeUnavailable,
                message: "cannot create the store's directory \(directoryPath): \(error); events are refused until it can"
            ))
            return
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directoryPath)) ?? []
        var kinds: [UInt64: Set<SegmentNaming.Kind>] = [:]
        for name in names {
            guard let (sequence, kind) = SegmentNaming.parse(name) else { continue }
            kinds[sequence, default: []].insert(kind)
        }
        nextSequence = (kinds.keys.max() ?? 0) + 1
        for sequence in kinds.keys.sorted() {
            let found = kinds[sequence]!
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
    }

    private func recoverSegment(_ sequence: UInt64, at filePath: String, wasOpen: Bool, hasAcks: Bool) {
        let name = (filePath as NSString).lastPathComponent
        guard let bytes = FileIO.readAll(filePath) else {
            quarantine(filePath, reason: "cannot be read")
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
                quarantine(filePath, reason: bytes.isEmpty ? "is empty" : "has no valid segment header")
            }
            return
        }
        if outcome.corruptRecordCount > 0 {
            reportLocked(TrackingDiagnostic(
                code: .storeCorruptTail,
                message: "segment \(name): \(outcome.corruptRecordCount) record(s) failed their checksum and were skipped; "
                    + "\(eventCount) event(s) kept"
            ))
        }
        if outcome.tailByteCount > 0 {
            reportLocked(TrackingDiagnostic(
                code: .storeCorruptTail,
                message: "segment \(name): a torn or corrupt tail of \(outcome.tailByteCount) byte(s) was skipped; "
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
                quarantine(filePath, reason: "cannot be sealed (\(error))")
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

    private func cutTail(of filePath: String, at length: Int) {
        guard let fd = try? FileIO.openForAppending(filePath, exclusive: false) else { return }
        try? FileIO.truncateFile(fd, to: length, path: filePath)
        FileIO.synchronize(fd)
        FileIO.closeDescriptor(fd)
    }

    private func quarantine(_ filePath: String, reason: String) {
        let folder = directoryPath + "/" + SegmentNaming.quarantineFolder
        let name = (filePath as NSString).lastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            try FileIO.renameItem(filePath, to: folder + "/" + name)
        } catch {
            FileIO.removeItem(filePath)
        }
        reportLocked(TrackingDiagnostic(
            code: .storeQuarantined,
            message: "segment \(name) \(reason); moved to \(SegmentNaming.quarantineFolder)/ so the queue goes on"
        ))
    }
}
