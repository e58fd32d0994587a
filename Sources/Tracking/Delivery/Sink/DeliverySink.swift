#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// The sink that makes events leave the device: it stores every event it receives in a crash-safe queue on
/// disk, one queue per write key, for an uploader to send to a Segment-compatible backend.
///
/// **Durability**: when ``receive(_:)`` returns, the event has been written to a file with one `write(2)`
/// and survives the app being killed (`kill -9`, a crash, the system ending it). It reaches the storage
/// device itself (surviving power loss) when its segment is sealed or the app goes to the background
/// (`fsync`). Every event keeps its ``TrackingEvent/id`` all the way, so delivery is at least once and
/// deduplicable downstream. Once released (with its tracker), the sink writes nothing more: an upload still in
/// flight is then not acknowledged, and a later launch sends its events again, with the same ids.
///
/// **Cost on the calling thread**: one compact binary encoding and one `write(2)`, a few microseconds (see the
/// `DeliveryBenchmark` runner). A full disk or unwritable directory makes ``receive(_:)`` throw (the tracker
/// reports it as a diagnostic) without touching what is already stored.
///
/// ```swift
/// let delivery = DeliverySink(configuration: DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY"))
/// let tracker = Tracker(sinks: [delivery])
/// ```
///
/// `Tracker(writeKey: "YOUR_WRITE_KEY")` creates one with the defaults, reachable as ``Tracker/delivery``.
///
/// **Opening**: creating the sink touches no file, so it costs the launching thread nothing. Its files (the
/// queue's recovery, the persisted consent, the storage's protection) are opened at its first use (storing
/// an event, reading or setting ``consent``, a flush, ``statistics``), or earlier, off the main thread, by the
/// ``Tracker`` that holds it as it loads its own files. Nothing leaves the device before the persisted
/// consent has been read.
///
/// **Backgrounding**: when the app moves to the background, the sink makes its files reach the storage
/// device and starts an upload inside a background task. A ``Tracker`` holding the sink starts that upload
/// itself, right after the backgrounding's own events (`Screen Ended`, `Application Backgrounded`), so they
/// leave in that upload.
///
/// - Important: Use one sink per write key per process: two sinks on the same directory would interleave
///   segments.
public final class DeliverySink: TrackingSink, @unchecked Sendable {
    // MARK: - Public

    /// The configuration the sink was created with.
    public let configuration: DeliveryConfiguration

    /// Creates the sink for the write key's queue, touching no file: creating it is cheap on any thread.
    ///
    /// Its files are opened at its first use, or by the ``Tracker`` that holds it, off the main thread, as
    /// the tracker loads its own: the write key's queue and pending area are recovered from what an earlier
    /// process left, the app's persisted consent is read (merging in per-write-key files of earlier
    /// versions), and the uploader's triggers (a count, an interval, backgrounding) start. Recovery reads and
    /// checks every queued record (about 1 ms per 1,000 queued events in a release build), so create the
    /// sink once, early, like the tracker; the first event stored on a sink that is not open yet waits for it.
    /// - Parameters:
    ///   - configuration: The write key, endpoint, triggers, consent default, directory and caps.
    ///   - notificationCenter: Where `UIApplication.didEnterBackgroundNotification` is observed. Default
    ///     `.default`.
    public init(configuration: DeliveryConfiguration, notificationCenter: NotificationCenter = .default) {
        self.configuration = configuration
        admission = EventAdmission(limits: configuration.wireLimits, naming: configuration.wireNaming)
        self.notificationCenter = notificationCenter
        let directory = configuration.queueDirectory
        let limits = configuration.storeLimits()
        let diagnostics = DeferredDiagnostics(handler: configuration.diagnosticHandler)
        self.diagnostics = diagnostics
        // The pending area lives inside the queue's directory: a directory neither can create is one
        // condition, reported once.
        let unavailable = LastingConditionReports(clock: configuration.clock, report: diagnostics.report)
        let report: @Sendable (TrackingDiagnostic) -> Void = { diagnostic in
            guard diagnostic.code == .storeUnavailable else { return diagnostics.report(diagnostic) }
            unavailable.report(diagnostic, key: diagnostic.message)
        }
        // Created unopened: `open()` recovers them.
        queueStore = EventStore(directory: directory, limits: limits, clock: configuration.clock, report: report, opensNow: false)
        pendingAreaStore = EventStore(
            directory: directory.appendingPathComponent("pending", isDirectory: true), limits: limits,
            clock: configuration.clock, report: report, opensNow: false
        )
        consentFile = ConsentFile(directory: configuration.consentDirectory)
        // Replaced by the persisted consent in `open()`, which every entry point calls first; pending until
        // then, so that nothing could leave even if one did not.
        let consent = ConsentState(.pending)
        consentState = consent
        queueUploader = DeliveryUploader(
            configuration: configuration, store: queueStore, counters: counters, consent: consent
        )
        backgroundObservation = notificationCenter.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
        ) { [weak self, trackers = backgroundTrackers] notification in
            // A tracker that holds this sink asks for the upload itself, after recording the backgrounding's
            // own events (see `uploadAtBackgrounding(application:)`): an upload started here, by an observer
            // registered before the tracker's, would leave those events behind.
            guard trackers.count == 0, let self else { return }
            // UIKit posts it on the main thread, with the application as its object.
            open()
            Self.uploadAtBackgrounding(
                application: notification.object as? UIApplication, store: queueStore, pendingStore: pendingAreaStore,
                uploader: queueUploader, consent: consentState
            )
        }
    }

    deinit {
        if let backgroundObservation { notificationCenter.removeObserver(backgroundObservation) }
        // An upload still in flight writes nothing once the sink is gone (see `EventStore.close()`).
        queueStore.close()
        pendingAreaStore.close()
    }

    /// Appends the event to the upload queue on disk (or to the pending area while consent is pending);
    /// when this returns, it survives the process being killed. Stores nothing while consent is denied.
    ///
    /// An event no collector could accept is refused with a diagnostic and counted as dropped, before it
    /// touches the queue: a timestamp that is not finite or outside years 0000 to 9999
    /// (``TrackingDiagnostic/Code/invalidTimestamp``), properties nested over 32 levels
    /// (``TrackingDiagnostic/Code/propertiesTooDeep``), or texts and properties over the 32,000-byte message
    /// limit as JSON (``TrackingDiagnostic/Code/messageTooLarge``).
    /// - Parameter event: The event, already validated by the tracker.
    /// - Throws: The system error when the event could not be written (a full disk, an unwritable
    ///   directory); nothing stored before is affected.
    public nonisolated func receive(_ event: TrackingEvent) throws {
        open()
        guard admission.admits(event, report: diagnostics.report) else {
            counters.update { $0.dropped += 1 }
            return
        }
        // Diagnostics found under the consent lock reach the handler after it is released: the handler may
        // call back into the sink.
        let consent = try diagnostics.deferring {
            try consentState.withLock { consent in
                switch consent {
                case .granted: try queueStore.append(event)
                case .pending: try pendingAreaStore.append(event)
                case .denied: break
                }
                return consent
            }
        }
        counters.update {
            switch consent {
            case .granted:
                $0.stored += 1
                $0.queued += 1
            case .pending:
                $0.stored += 1
                $0.pending += 1
            case .denied:
                $0.dropped += 1
            }
        }
        if consent == .granted {
            queueUploader?.didStore()
        }
    }

    /// Whether events may leave the device; thread-safe, persisted once for the app (in the Sightline
    /// directory, shared by every write key), and changeable at any time. A sink handed to a ``Tracker``
    /// follows ``Tracker/consent``: set it there.
    ///
    /// - ``DeliveryConsent/pending``: new events go to a separate pending area; nothing is uploaded.
    /// - ``DeliveryConsent/granted``: new events join the upload queue, and so does the pending area.
    /// - ``DeliveryConsent/denied``: everything not yet uploaded, pending included, is purged, and new
    ///   events are not stored.
    ///
    /// Consent is checked in the step that starts each request, under the lock this setter takes (it waits
    /// for a start in progress, never for a request), so no request starts once a change away from
    /// ``DeliveryConsent/granted`` has returned; the request in flight is cancelled (its batch kept while
    /// pending, purged when denied), and nothing read before a denial is sent, even after a new grant.
    ///
    /// Until the app sets it, it is the persisted value, else ``DeliveryConfiguration/defaultConsent``; a
    /// persisted value that cannot be read (or is not a consent) counts as ``DeliveryConsent/pending``, with
    /// a ``TrackingDiagnostic/Code/consentStorageFailed`` diagnostic, so consent never fails open. A denial
    /// that cannot be saved normally overwrites the old file in place or leaves it empty, so a relaunch
    /// reads denied or pending.
    public var consent: DeliveryConsent {
        get {
            open()
            return consentState.current
        }
        set {
            open()
            let joined = diagnostics.deferring { () -> Bool in
                // Setters run one at a time, so the file ends with the value set last; the consent lock,
                // which every `receive` takes, is held only to flip the state and detach the stores' lists.
                consentChangeLock.lock()
                defer { consentChangeLock.unlock() }
                do {
                    try consentFile.save(newValue)
                } catch {
                    diagnostics.report(TrackingDiagnostic(
                        code: .consentStorageFailed,
                        message: "could not save consent \(newValue.rawValue) (\(TrackingDiagnostic.errorCodes(of: error))); it applies now, and a relaunch "
                            + (newValue == .granted ? "reads the consent saved before" : "reads it or pending")
                    ))
                }
                let applied = consentState.withLock { consent -> (joined: Bool, afterUnlocking: () -> Void) in
                    let hadPending = consent == .pending
                    consent = newValue
                    let applied = apply(newValue)
                    return (applied.joined && hadPending, applied.afterUnlocking)
                }
                applied.afterUnlocking()
                return applied.joined
            }
            if joined {
                queueUploader?.flush()
            }
        }
    }

    /// Starts uploading everything stored now (sealing the segment being written); returns at once.
    ///
    /// The upload is ordered after every call made before it to a ``Tracker`` holding the sink, on any
    /// thread: a call that another thread is still delivering (its event not yet stored) is uploaded by this
    /// flush, not left for the next trigger. Such a flush starts on the thread that delivers the call, right
    /// after it; nothing waits for it. Joins an upload in progress instead of starting a second one; during a
    /// backoff after a failure it sends nothing (the retry is already scheduled). ``Tracker/flush()`` calls
    /// it. Does nothing unless consent is granted.
    public nonisolated func flush() {
        feedingMailboxes.afterQueuedCalls { [self] in
            open()
            guard consentState.current == .granted else { return }
            queueUploader?.flush()
        }
    }

    /// Seals the queue file being written (and the pending one), so that no queue file holds events of two
    /// identities, and starts an upload of what is stored: the logged-out person's events leave first.
    /// ``Tracker/reset()`` calls it after the new identity is in place and before any event recorded under
    /// it. Batches may still combine several sealed files; every message carries its own `anonymousId`
    /// and `userId`.
    public nonisolated func reset() {
        open()
        diagnostics.deferring {
            consentState.withLock { _ in
                queueStore.sealOpenSegment()
                pendingAreaStore.sealOpenSegment()
            }
        }
        flush()
    }

    /// Uploads everything stored now, as ``flush()`` does, and returns what that flush did: it too is
    /// ordered after every call made before it to a ``Tracker`` holding the sink, on any thread, so
    /// `tracker.track(...)` then `await flushAndWait()` uploads that event. It waits (suspended, never
    /// blocking a thread) until those calls are delivered.
    /// - Returns: The events delivered, kept and rejected, and the requests made.
    public func flushAndWait() async -> DeliveryFlushSummary {
        await feedingMailboxes.queuedCallsDelivered()
        open()
        guard consentState.current == .granted, let uploader = queueUploader else {
            return DeliveryFlushSummary(kept: queueStore.countUnacknowledgedEvents())
        }
        return await uploader.flushAndWait()
    }

    /// What the sink stored, delivered and dropped since it was created, and what it holds now.
    public var statistics: DeliveryStatistics {
        open()
        return counters.snapshot
    }

    // MARK: - Internal

    /// The trackers that hold this sink and upload it at backgrounding themselves; while there is one, the
    /// sink's own observer of `didEnterBackgroundNotification` does nothing.
    let backgroundTrackers = BackgroundTrackerCount()

    /// The mailboxes of the trackers that hold this sink: a flush waits for the calls queued in them.
    let feedingMailboxes = FeedingMailboxes()

    /// Makes what is stored reach the storage device and, when consent is granted, starts an upload inside a
    /// background task: what the app does when it moves to the background. Main thread.
    /// - Parameter application: The app (`UIApplication.shared`); `nil` uploads without a background task.
    @MainActor
    func uploadAtBackgrounding(application: UIApplication?) {
        open()
        Self.uploadAtBackgrounding(
            application: application, store: queueStore, pendingStore: pendingAreaStore, uploader: queueUploader,
            consent: consentState
        )
    }

    /// Opens the sink's files, once: recovers the queue, then the pending area, makes the storage private,
    /// reads the persisted consent (migrating the files of earlier versions), counts what was recovered,
    /// moves the stores to what that consent requires, and starts the uploader's own triggers. Every entry
    /// point that needs them calls it first; a ``Tracker`` holding the sink calls it off the main thread
    /// as it loads its own files.
    ///
    /// Thread-safe and idempotent: a call made while another thread opens waits for it, and once open a
    /// call costs one lock. Diagnostics found while opening reach the handler after the opening lock is
    /// released, so a handler that calls back into the sink finds it open.
    func open() {
        openingLock.lock()
        let isOpen = isOpen
        openingLock.unlock()
        guard !isOpen else { return }
        diagnostics.deferring {
            openingLock.lock()
            defer { openingLock.unlock() }
            guard !self.isOpen else { return }
            openFiles()
            self.isOpen = true
        }
    }

    /// What became of the last upload request, or `nil` before the first (for the debug overlay).
    var lastUpload: DeliveryUploadReport? {
        counters.lastUpload
    }

    /// The upload queue on disk, opened.
    var store: EventStore {
        open()
        return queueStore
    }

    /// Events stored while consent is pending, opened.
    var pendingStore: EventStore {
        open()
        return pendingAreaStore
    }

    /// Sends the queue, its triggers started; `nil` when the endpoint is invalid.
    var uploader: DeliveryUploader? {
        open()
        return queueUploader
    }

    // MARK: - Private

    private let notificationCenter: NotificationCenter
    /// The checks before an event is stored, with the destination's limits, built once.
    private let admission: EventAdmission
    /// Set once, at the end of `init`.
    private var backgroundObservation: (any NSObjectProtocol)?
    /// The upload queue, before or after `open()` (the sink's own code, that opens it first).
    private let queueStore: EventStore
    /// The pending area, before or after `open()`.
    private let pendingAreaStore: EventStore
    /// The uploader, before or after `open()`.
    private let queueUploader: DeliveryUploader?
    /// Guards `isOpen`; held while opening, so that concurrent callers wait for the one opening.
    private let openingLock = NSLock()
    private var isOpen = false
    private let consentFile: ConsentFile
    private let consentState: ConsentState
    private let counters = DeliveryCounters()
    /// Holds diagnostics found under the consent lock until it is released.
    private let diagnostics: DeferredDiagnostics
    /// Serializes consent changes (their file work runs outside the consent lock).
    private let consentChangeLock = NSLock()

    /// The file work of `open()`, in the order the sink has always done it; with the opening lock held and
    /// diagnostics deferred.
    private func openFiles() {
        queueStore.open()
        pendingAreaStore.open()
        StorageProtection.apply(to: [configuration.consentDirectory, configuration.storageDirectory], report: diagnostics.report)
        let persisted: DeliveryConsent
        switch consentFile.loadMigrating(legacyUnder: configuration.storageDirectory, report: diagnostics.report) {
        case .missing:
            persisted = configuration.defaultConsent
        case .saved(let saved):
            persisted = saved
        case .unreadable(let reason):
            // Never fail open: without a readable decision nothing leaves the device until the app sets one.
            persisted = .pending
            diagnostics.report(ConsentFile.unreadableDiagnostic(reason))
        }
        let queued = queueStore.recoveredUnacknowledgedEventCount
        let pending = pendingAreaStore.recoveredUnacknowledgedEventCount
        counters.update {
            $0.queued = queued
            $0.pending = pending
        }
        let applied = consentState.withLock { consent in
            consent = persisted
            return apply(persisted)
        }
        applied.afterUnlocking()
        queueUploader?.storeDidOpen()
    }

    private static func uploadAtBackgrounding(
        application: UIApplication?, store: EventStore, pendingStore: EventStore, uploader: DeliveryUploader?,
        consent: ConsentState
    ) {
        DispatchQueue.global(qos: .utility).async {
            store.synchronize()
            pendingStore.synchronize()
        }
        guard let uploader, consent.current == .granted else { return }
        guard let application else {
            uploader.flush()
            return
        }
        if Thread.isMainThread {
            MainActor.assumeIsolated {
                uploader.flushInBackground(application: application)
            }
        } else {
            // UIKit posts it on the main thread; a post from elsewhere (the app's mistake) is moved there
            // instead of stopping the app.
            DispatchQueue.main.async {
                uploader.flushInBackground(application: application)
            }
        }
    }

    /// Moves the stores to what `consent` requires, with the consent lock held: only what must be done
    /// before the next event is stored (a rename to seal, detaching what denial purges). Returns whether
    /// pending events joined the upload queue, and the file work left (deletions, directory flushes) to do
    /// once the lock is released, before the setter returns.
    private func apply(_ consent: DeliveryConsent) -> (joined: Bool, afterUnlocking: () -> Void) {
        switch consent {
        case .pending:
            // Later pending segments join the queue after everything stored before, oldest first.
            queueStore.sealOpenSegment()
            return (false, {})
        case .granted:
            pendingAreaStore.sealOpenSegment()
            guard !pendingAreaStore.sealedSegments.isEmpty else { return (false, {}) }
            pendingAreaStore.moveSealedSegments(to: queueStore, synchronize: false)
            counters.update {
                $0.queued += $0.pending
                $0.pending = 0
            }
            let (store, pendingStore) = (queueStore, pendingAreaStore)
            return (true, {
                pendingStore.synchronizeDirectory()
                store.synchronizeDirectory()
            })
        case .denied:
            // Detached, nothing is read, uploaded or appended any more; the files go right after.
            let queued = queueStore.detachAll()
            let pending = pendingAreaStore.detachAll()
            counters.update {
                $0.queued = 0
                $0.pending = 0
            }
            let (store, pendingStore) = (queueStore, pendingAreaStore)
            return (false, {
                store.deleteDetached(queued)
                pendingStore.deleteDetached(pending)
            })
        }
    }
}
