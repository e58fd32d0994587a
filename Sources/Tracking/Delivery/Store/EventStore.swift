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
/// **Recovery** on opening: a torn or corrupt tail is cut off with a diagnostic and everything before it kept;
/// a segment that cannot be read is moved to `quarantine/`; a segment left open by a killed process is sealed.
/// Every file is untrusted: read and opened through ``FileIO`` (no symbolic links, regular files only, sizes
/// capped before reading), and numbered only within ``SegmentNaming/maximumSequence``.
/// Caps on total bytes and event age drop the oldest first, with a diagnostic counting what was dropped.
///
/// Thread-safe: one lock guards the state; reads of sealed files and `fsync` happen outside it, and so do
/// diagnostics (a handler may call back into the store).
final class EventStore: @unchecked Sendable {
    // MARK: - Internal

    /// The store's directory.
    let directory: URL

    /// The store in `directory`, opened at once (see ``open()``) unless `opensNow` is `false`: then it
    /// touches no file until ``open()`` is called, which must come before any other use.
    /// - Parameters:
    ///   - directory: The store's own directory; nothing else should live in it.
    ///   - limits: Sealing thresholds and caps.
    ///   - clock: The source of "now" for segment and event ages.
    ///   - report: Receives diagnostics, on the thread where the problem was found.
    ///   - opensNow: Whether to open the store now (the default) or leave it to ``open()``.
    init(
        directory: URL,
        limits: EventStoreLimits,
        clock: any TrackingClock,
        report: @escaping @Sendable (TrackingDiagnostic) -> Void,
        opensNow: Bool = true
    ) {
        self.directory = directory
        directoryPath = directory.path
        self.limits = limits
        self.clock = clock
        self.report = report
        if opensNow { open() }
    }

    /// Opens the store: creates its directory if needed and recovers what an earlier process left. Only
    /// the first call does anything; thread-safe.
    func open() {
        lock.lock()
        guard !isOpened else { return lock.unlock() }
        isOpened = true
        recover()
        unlockAndReport()
    }

    deinit {
        if let openSegment {
            FileIO.closeDescriptor(openSegment.fd)
        }
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

    /// Stops acknowledging, once an acknowledgement being written is done: the sink holding the store is
    /// released, and an upload still in flight must not write into a directory the app (or a test) removes
    /// next. What that upload delivered stays unacknowledged, so a relaunch sends it again, with the same ids.
    func close() {
        acknowledgementLock.lock()
        isClosed = true
        acknowledgementLock.unlock()
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

    /// Bytes in every segment file, open one included.
    var storedByteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return lockedStoredByteCount
    }

    /// Flushes the directory's entries (renames, deletions) to the storage device.
    func synchronizeDirectory() {
        FileIO.synchronizeDirectory(directoryPath)
    }

    // MARK: - State (shared with the extensions in EventStore+*.swift)

    struct OpenSegment {
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

    let directoryPath: String
    let limits: EventStoreLimits
    let clock: any TrackingClock
    let report: @Sendable (TrackingDiagnostic) -> Void
    let lock = NSLock()
    let acknowledgementLock = NSLock()
    let backgroundQueue = DispatchQueue(label: "Sightline.EventStore.fsync", qos: .utility)
    var openSegment: OpenSegment?
    var sealed: [SealedSegment] = []
    var sealedByteCount = 0
    var nextSequence: UInt64 = 1
    var encoder = EventRecordEncoder()
    /// A write failure was reported and writing has not worked since: one diagnostic per failure streak.
    var isFailing = false
    var synchronizationCount = 0
    /// Whether ``open()`` has run (or is running, under the lock).
    var isOpened = false
    /// Set by ``close()``, under `acknowledgementLock`: acknowledgements write nothing any more.
    var isClosed = false
    /// Unacknowledged events of the partly acknowledged segments found on opening, by sequence.
    var recoveredUnacknowledged: [UInt64: Int] = [:]
    /// Diagnostics found while holding the lock, reported once it is released: a handler may call back into
    /// the store (or the sink that owns it) without deadlocking.
    var lockedDiagnostics: [TrackingDiagnostic] = []

    /// Keeps `diagnostic` until ``unlockAndReport()``; call with the lock held.
    func reportLocked(_ diagnostic: TrackingDiagnostic) {
        lockedDiagnostics.append(diagnostic)
    }

    /// Releases the lock, then reports what was found while holding it.
    func unlockAndReport() {
        guard !lockedDiagnostics.isEmpty else { return lock.unlock() }
        let diagnostics = lockedDiagnostics
        lockedDiagnostics.removeAll()
        lock.unlock()
        diagnostics.forEach(report)
    }

    var lockedStoredByteCount: Int {
        sealedByteCount + (openSegment?.byteCount ?? 0)
    }

    func path(_ sequence: UInt64, _ kind: SegmentNaming.Kind) -> String {
        directoryPath + "/" + SegmentNaming.name(sequence, kind)
    }

    /// One of this store's files, read through ``FileIO/readFile(_:maximumSize:)`` with the byte cap as its
    /// size cap: a segment larger than the whole store could never be kept.
    func readStoreFile(_ sequence: UInt64, _ kind: SegmentNaming.Kind) throws(FileIO.Failure) -> [UInt8] {
        try FileIO.readFile(path(sequence, kind), maximumSize: limits.storedByteCount)
    }

    func isSealed(_ segment: SealedSegment) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return sealed.contains { $0.sequence == segment.sequence }
    }

    /// The next segment's sequence number. Recovery sets aside names above
    /// ``SegmentNaming/maximumSequence``, so this fails only after that many segments, never with a trap.
    func takeSequence() throws(FileIO.Failure) -> UInt64 {
        guard nextSequence <= SegmentNaming.maximumSequence else {
            throw FileIO.Failure(operation: "number a segment", path: directoryPath, code: EOVERFLOW)
        }
        defer { nextSequence += 1 }
        return nextSequence
    }

    /// Creates the store's directory (mode 0700) when it is missing.
    func prepareDirectory() throws(FileIO.Failure) {
        try FileIO.makeDirectory(directoryPath)
    }
}
