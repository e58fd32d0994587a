import Foundation

/// Keeps the tracker's ``SessionTracker`` and its state in `session.json` beside the identity, so that a
/// session survives a relaunch within the timeout.
///
/// Thread-safe: events are stamped on any thread. The file is read at the first use, like the identity's,
/// and saved only when something a relaunch needs changes: a session's first event delivered, a
/// backgrounding, a foreground, ``start(at:)``, ``end()``, and at most every 15 s of activity (so that a
/// process that ends without going to the background leaves a recent time behind). A stamp otherwise costs
/// a lock and a few comparisons. Saving encodes and writes on one serial queue shared by every store of the
/// process, off the caller's thread; reading goes through the same queue, so a relaunch in the same process
/// (tests) reads what was saved before it. While consent is denied (``persists`` is `false`) nothing is
/// written and the file is removed.
///
/// A relaunch continues the saved session if the time since the previous process went to the background
/// (or was last known alive) is within the timeout. A file that cannot be read costs a diagnostic and the
/// session, never the identity or an event.
final class SessionStore: @unchecked Sendable {
    // MARK: - Internal

    /// - Parameters:
    ///   - directory: Where `session.json` is kept.
    ///   - timeout: Background time after which a session ends.
    ///   - launchedInBackground: Whether the app reads as in the background now (launched for a background
    ///     task, or not yet active: an app delegate's initializer reads `.background` at every launch): a
    ///     saved session is then measured from its backgrounding until the app comes to the foreground or
    ///     becomes active, instead of being resolved at the first use.
    ///   - persists: Whether the state is kept on disk; when `false`, the file is removed at once.
    ///   - now: The tracker's clock, for a first use that brings no time of its own.
    ///   - report: Receives diagnostics, never with the store's lock held (a handler may record events).
    init(
        directory: URL, timeout: TimeInterval, launchedInBackground: Bool = false, persists: Bool = true,
        now: @escaping @Sendable () -> Date = { Date() }, report: @escaping @Sendable (TrackingDiagnostic) -> Void
    ) {
        self.now = now
        fileURL = directory.appendingPathComponent("session.json", isDirectory: false)
        self.timeout = timeout
        self.launchedInBackground = launchedInBackground
        self.report = report
        storesOnDisk = persists
        if !persists {
            removeFile()
        }
    }

    /// Whether the state is kept on disk (consent is not denied). Turning it off removes the file;
    /// turning it on saves the state in memory.
    var persists: Bool {
        get { locked { storesOnDisk } }
        set {
            locked {
                guard newValue != storesOnDisk else { return }
                storesOnDisk = newValue
                if newValue {
                    save(loaded(at: nil))
                } else {
                    removeFile()
                }
            }
        }
    }

    /// The session of an event recorded at `date` (see ``SessionTracker/stamp(at:)``).
    func stamp(at date: Date) -> TrackingSession {
        var session = stampLocked(at: date)
        // A diagnostic handler that recorded an event meanwhile may have delivered the session's first event.
        if session.isStart, !lock.withLock({ current?.session?.id == session.id && current?.session?.isStarting == true }) {
            session.isStart = false
        }
        return session
    }

    /// Records that an event carrying `session` reached the sinks.
    func didDeliver(_ session: TrackingSession?) {
        guard session?.isStart == true else { return }
        locked {
            var machine = loaded(at: nil)
            if machine.didDeliver(session) { save(machine) }
        }
    }

    /// The app went to the background at `date`.
    func didEnterBackground(at date: Date) {
        locked {
            var machine = loaded(at: date)
            _ = machine.didEnterBackground(at: date)
            lastActivityAt = date
            // Before any session there is nothing a relaunch needs: a tracker that recorded nothing writes nothing.
            // The machine keeps the backgrounding all the same, for a session an event starts in the background.
            if machine.session != nil { save(machine) } else { current = machine }
        }
    }

    /// The app returned to the foreground at `date`.
    func willEnterForeground(at date: Date) {
        locked {
            var machine = loaded(at: date)
            let (changed, clockWentBack) = machine.willEnterForeground(at: date)
            if clockWentBack { reportClockWentBack() }
            // As at backgrounding: without a session, nothing a relaunch needs changed.
            if changed, machine.session != nil { save(machine) } else { current = machine }
        }
    }

    /// Starts a new session at `date` (see ``SessionTracker/start(at:)``).
    func start(at date: Date) {
        locked {
            var machine = loaded(at: date)
            machine.start(at: date)
            save(machine)
        }
    }

    /// Ends the running session.
    func end() {
        locked {
            var machine = loaded(at: nil)
            if machine.end() { save(machine) }
        }
    }

    /// Reads the file now, on the calling thread, for the first use to find in memory: the tracker calls it
    /// off the main thread at launch. The saved session is resolved at the first use, and a file that cannot
    /// be read is reported then, as without it.
    func prefetch() {
        locked {
            guard current == nil, prefetched == nil, storesOnDisk else { return }
            let found = pending.count
            prefetched = .some(read())
            prefetchedDiagnostics = Array(pending[found...])
            pending.removeSubrange(found...)
        }
    }

    /// The machine as it is now (for tests).
    var machine: SessionTracker {
        locked { loaded(at: nil) }
    }

    /// Returns once every save requested so far, by any store of the process, has reached the file (and a
    /// failure to save has been reported).
    static func waitForSaves() {
        fileQueue.sync {}
        reportQueue.sync {}
    }

    /// Waits for the saves requested so far: once its tracker is gone, nothing of it writes any more (an
    /// app's test that removes the storage directory after releasing its tracker does not find it again).
    deinit {
        if DispatchQueue.getSpecific(key: Self.fileQueueKey) == nil {
            Self.fileQueue.sync {}
        }
    }

    // MARK: - Private

    /// Far more than the state takes; a larger file is not read.
    private static let maximumFileSize = 16 << 10
    /// How often activity alone is saved, at most.
    private static let activitySaveInterval: TimeInterval = 15
    /// Where every store reads and writes its file, in order.
    private static let fileQueue: DispatchQueue = {
        let queue = DispatchQueue(label: "Sightline.SessionStore", qos: .utility)
        queue.setSpecific(key: fileQueueKey, value: ())
        return queue
    }()
    /// Set on ``fileQueue``: a store released on it does not wait for it.
    private static let fileQueueKey = DispatchSpecificKey<Void>()
    /// Where failed saves are reported, in order, never on ``fileQueue``.
    private static let reportQueue = DispatchQueue(label: "Sightline.SessionStore.diagnostics", qos: .utility)

    private let fileURL: URL
    private let timeout: TimeInterval
    private let launchedInBackground: Bool
    private let report: @Sendable (TrackingDiagnostic) -> Void
    private let now: @Sendable () -> Date
    private let lock = NSLock()
    /// Diagnostics found with the lock held, reported once it is released.
    private var pending: [TrackingDiagnostic] = []
    private var storesOnDisk: Bool
    private var current: SessionTracker?
    /// What ``prefetch()`` read, for the first use; `nil` when it did not run.
    private var prefetched: SessionFile??
    /// What ``prefetch()`` found wrong with the file, reported at the first use.
    private var prefetchedDiagnostics: [TrackingDiagnostic] = []
    private var lastActivityAt: Date?
    private var savedActivityAt: Date?

    /// The stamp, under the lock; saves the activity when it is due.
    private func stampLocked(at date: Date) -> TrackingSession {
        locked {
            var machine = loaded(at: date)
            let stamp = machine.stamp(at: date)
            if stamp.clockWentBack { reportClockWentBack() }
            let isActivityDue = !(date.timeIntervalSince(savedActivityAt ?? .distantPast) < Self.activitySaveInterval)
            let changed = machine != current
            current = machine
            lastActivityAt = date
            // A new session is saved with its first delivered event (``didDeliver(_:)``).
            if isActivityDue && !changed { save(machine) }
            return stamp.session
        }
    }

    /// The machine, read from the file (or created) the first time; called with the lock held. A saved
    /// session is resolved at once when the app is in the foreground, with `date` (the first use's time,
    /// else the current date).
    private func loaded(at date: Date?) -> SessionTracker {
        if let current { return current }
        var machine = SessionTracker(timeout: timeout)
        let instant = date ?? now()
        let file: SessionFile? = if let prefetched { prefetched } else { storesOnDisk ? read() : nil }
        prefetched = nil
        pending += prefetchedDiagnostics
        prefetchedDiagnostics = []
        if storesOnDisk, var saved = file {
            // A tampered file costs its bad part (``SessionFile``), and is written again without it below.
            let isRepaired = saved.bound(now: instant, report: { pending.append($0) })
            machine = SessionTracker(
                timeout: timeout, restoring: saved.session,
                backgroundedAt: saved.backgroundedAt ?? saved.lastActivityAt, lastID: saved.lastID
            )
            savedActivityAt = saved.lastActivityAt
            if !launchedInBackground {
                let (_, clockWentBack) = machine.willEnterForeground(at: instant)
                if clockWentBack { reportClockWentBack() }
            }
            if isRepaired {
                save(machine)
                return machine
            }
        }
        current = machine
        return machine
    }

    /// The state in the file, or `nil` (with a diagnostic unless there is no file). Waits for saves
    /// requested before it.
    private func read() -> SessionFile? {
        let fileURL = fileURL
        return Self.fileQueue.sync { () -> SessionFile? in
            do {
                let bytes = try FileIO.readFile(fileURL.path, maximumSize: Self.maximumFileSize)
                if let saved = SessionFile.decoded(from: bytes) {
                    return saved
                }
                self.pending.append(TrackingDiagnostic(
                    code: .sessionStorageFailed,
                    message: "session.json is not a readable session (\(bytes.count) bytes); a new session starts"
                ))
            } catch let failure as FileIO.Failure where !failure.isMissing {
                self.pending.append(TrackingDiagnostic(
                    code: .sessionStorageFailed,
                    message: "session.json cannot be read (\(TrackingDiagnostic.errorCodes(of: failure))); a new session starts"
                ))
            } catch {}
            return nil
        }
    }

    /// Makes `machine` current and, unless consent is denied, has it written; called with the lock held.
    private func save(_ machine: SessionTracker) {
        current = machine
        guard storesOnDisk else { return }
        let activity = max(lastActivityAt ?? .distantPast, savedActivityAt ?? .distantPast, machine.session?.startedAt ?? .distantPast)
        savedActivityAt = activity
        let saved = SessionFile(
            session: machine.session, backgroundedAt: machine.backgroundedAt, lastActivityAt: activity, lastID: machine.lastID
        )
        let (fileURL, report) = (fileURL, report)
        Self.fileQueue.async {
            do {
                try FileIO.makeDirectory(fileURL.deletingLastPathComponent().path)
                try FileIO.replaceFile(fileURL.path, with: Array(JSONEncoder().encode(saved)))
            } catch {
                let diagnostic = TrackingDiagnostic(
                    code: .sessionStorageFailed,
                    message: "could not save the session (\(TrackingDiagnostic.errorCodes(of: error))); it is kept in memory only"
                )
                // Off the file queue: a handler that records an event (whose stamp may read a file through
                // this queue, `fileQueue.sync`) or waits on a thread that does must not wait on it.
                Self.reportQueue.async { report(diagnostic) }
            }
        }
    }

    /// Removes the file, after the saves requested before.
    private func removeFile() {
        let fileURL = fileURL
        Self.fileQueue.async {
            FileSystemProbe.note("unlink", fileURL.path)
            try? FileManager.default.removeItem(at: fileURL)
        }
    }

    /// Runs `body` with the lock held, then reports what it found.
    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        let result = body()
        let found = pending
        pending = []
        lock.unlock()
        found.forEach(report)
        return result
    }

    private func reportClockWentBack() {
        pending.append(TrackingDiagnostic(
            code: .clockWentBack,
            message: "the wall clock reads earlier than the session's start or the app's backgrounding; the session is kept"
        ))
    }
}
