#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// The system of the tracking entity-component-system: scans what is really on screen, turns it into
/// screen views and impressions, and hands them to sinks.
///
/// Views and view controllers are the entities; ``TrackingElement`` and ``TrackingScreen`` are their
/// components (`view.trackingElement`, `viewController.trackingScreen`). While started, the tracker scans
/// the visible windows ``TrackingConfiguration/scansPerSecond`` times a second at most, only when the main
/// run loop is idle, never while the user scrolls and never in the background, and records each screen and
/// element once per visibility span (see ``TrackingImpressionPolicy``).
///
/// While a view-controller transition is in flight in a window (a controller of it has a non-nil
/// `transitionCoordinator`: an animated push, pop, present or dismiss, or an edge swipe), a scan records
/// nothing for that window: UIKit's frames already show the end state, which the person may never reach.
/// No visibility span ends during such a scan, so a screen that stays after an abandoned swipe gets no
/// second screen view. When the transition ends, the tracker scans as soon as the main run loop is idle.
///
/// While started, it also records taps on tracked views (``TrackingEventKind/tap`` and
/// ``TrackingEventKind/rageTap``) through one passive gesture recognizer per scanned window, with no
/// swizzling; see ``TrackingConfiguration/capturesTaps``.
///
/// ```swift
/// let tracker = Tracker(writeKey: "YOUR_WRITE_KEY") // uploads through a DeliverySink with defaults
/// tracker.start()
/// ```
///
/// Explicit calls (``track(_:properties:)-(_,TrackingProperties)``, ``screen(_:properties:)-(_,TrackingProperties)``, ``identify(userID:traits:)-(_,TrackingProperties)``,
/// ``group(_:traits:)-(_,TrackingProperties)``, ``alias(_:)``, ``reset()``, ``startSession()``, ``endSession()``,
/// ``flush()``) may be made from any thread; see ``track(_:properties:)-(_,TrackingProperties)``.
///
/// - Important: Keep a strong reference to the tracker while it should run; it stops when released. Start
///   one tracker per process: a second one running at the same time records everything twice, and
///   starting it reports a ``TrackingDiagnostic/Code/multipleTrackers`` diagnostic.
/// - Note: Unavailable in app extensions, which have no `UIApplication.shared` and no windows of their own
///   to scan. Components (`trackingElement`, `trackingScreen`) may still be set there.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
public final class Tracker {
    // MARK: - Public

    /// The sinks that receive every event, in this order.
    public nonisolated let sinks: [any TrackingSink]

    /// The first ``DeliverySink`` among ``sinks``: the one ``init(writeKey:configuration:)`` created, for
    /// its ``DeliverySink/statistics`` and ``DeliverySink/flushAndWait()``. Its consent follows ``consent``:
    /// set the person's choice on the tracker, not here.
    public nonisolated var delivery: DeliverySink? {
        sinks.lazy.compactMap { $0 as? DeliverySink }.first
    }

    /// Whether ``start()`` was called without a later ``stop()`` (scans may still be paused in the
    /// background).
    public var isRunning: Bool { scheduler.isStarted }

    /// Creates a stopped tracker.
    ///
    /// Reads and writes no file on the calling thread: the tracker's files (consent, identity, session, the
    /// previous launch's version, its ``DeliverySink``s' queues) are loaded on a queue of its own, and the
    /// events it records meanwhile (the launch's lifecycle events) wait for them, in order (see
    /// ``TrackingSink`` for when they reach the sinks).
    /// - Parameters:
    ///   - configuration: Thresholds, policies, clock and diagnostics. Out-of-range values are replaced by
    ///     safe ones, each with a diagnostic.
    ///   - sinks: Where events go, in delivery order.
    public convenience init(configuration: TrackingConfiguration = TrackingConfiguration(), sinks: [any TrackingSink]) {
        self.init(configuration: configuration, sinks: sinks, runLoop: .main, notificationCenter: .default)
    }

    /// Creates a stopped tracker that uploads to a Segment-compatible backend through a ``DeliverySink``
    /// with the default ``DeliveryConfiguration`` for `writeKey` (Segment's US endpoint, flushes every 20
    /// events or 30 s, consent granted).
    ///
    /// The sink shares the tracker's clock and diagnostic handler and keeps its queues in `Delivery` inside
    /// the tracker's ``TrackingConfiguration/storageDirectory``. To change delivery settings, use
    /// ``init(configuration:delivery:sinks:)``.
    /// - Parameters:
    ///   - writeKey: The source's write key.
    ///   - configuration: Thresholds, policies, clock, diagnostics and storage.
    public convenience init(writeKey: String, configuration: TrackingConfiguration = TrackingConfiguration()) {
        self.init(configuration: configuration, delivery: DeliveryConfiguration(writeKey: writeKey))
    }

    /// Creates a stopped tracker that uploads through a ``DeliverySink`` made from `delivery`, followed by
    /// `sinks`.
    ///
    /// Where `delivery` does not set its own ``DeliveryConfiguration/clock``,
    /// ``DeliveryConfiguration/diagnosticHandler`` or ``DeliveryConfiguration/storageDirectory``, it uses
    /// the tracker's (the directory being `Delivery` inside the tracker's storage directory):
    ///
    /// ```swift
    /// var delivery = DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY")
    /// delivery.endpoint = .segmentEU
    /// let tracker = Tracker(delivery: delivery, sinks: [LoggingTrackingSink()])
    /// ```
    /// - Parameters:
    ///   - configuration: Thresholds, policies, clock, diagnostics and storage.
    ///   - delivery: The write key, endpoint, triggers and caps of the delivery sink.
    ///   - sinks: More sinks, after the delivery sink.
    public convenience init(
        configuration: TrackingConfiguration = TrackingConfiguration(), delivery: DeliveryConfiguration,
        sinks: [any TrackingSink] = []
    ) {
        let sink = DeliverySink(configuration: delivery.inheriting(from: configuration))
        self.init(configuration: configuration, sinks: [sink] + sinks)
    }

    deinit {
        RunningTrackers.remove(ObjectIdentifier(self))
        for delivery in sinks.compactMap({ $0 as? DeliverySink }) {
            delivery.backgroundTrackers.remove()
            delivery.feedingMailboxes.remove(mailbox)
        }
    }

    /// Starts scanning on the main run loop. Does nothing if already started.
    ///
    /// Starting while another tracker of this process is running reports a
    /// ``TrackingDiagnostic/Code/multipleTrackers`` diagnostic (and starts anyway).
    public func start() {
        guard !scheduler.isStarted else { return }
        let others = RunningTrackers.insert(ObjectIdentifier(self))
        if others > 0 {
            report(TrackingDiagnostic(
                code: .multipleTrackers,
                message: "\(others) other tracker(s) of this process are running; every screen and impression is recorded by each"
            ))
        }
        scheduler.start()
        // Taps count from the start, not from the first scan.
        tapCapture?.adopt(scanner.orderedConnectedWindows())
        applicationActivityChanged(UIApplication.shared.applicationState == .active)
    }

    /// Stops scanning, and nothing else. Every visibility span ends: each screen on screen gets its
    /// ``TrackingEventKind/screenEnded`` event, delivered before this returns (called from a sink during a
    /// scan's delivery, right after that scan's events), and after a restart what is on screen is seen anew
    /// (except under the lifetime policies). A tracker released while running records no such ends.
    ///
    /// Explicit calls (``track(_:properties:)-(_,TrackingProperties)`` and the others) still reach the sinks, and the sinks go on
    /// with what they do on their own: a ``DeliverySink`` keeps its queue and keeps uploading it (on its
    /// count, interval and backgrounding triggers, and on ``flush()``) until it is released. It does not
    /// change ``consent``: to stop tracking the person, set ``consent`` to ``DeliveryConsent/denied``.
    public func stop() {
        RunningTrackers.remove(ObjectIdentifier(self))
        scheduler.stop()
        endAllSpansAndDeliver()
        scrollDepths?.removeAll()
        tapCapture?.stop()
        debugOverlay?.remove()
    }

    /// Asks every sink to send what it holds now (like Segment's `analytics.flush()`): a ``DeliverySink``
    /// starts an upload and returns at once; sinks that send nothing ignore it. Callable from any thread.
    ///
    /// The sinks are asked after every call made to the tracker before this one, on any thread, has reached
    /// them: `track` then `flush()` sends that event, even while another thread is delivering (the request
    /// then follows on that thread, and this returns at once).
    public nonisolated func flush() {
        let sinks = sinks
        mailbox.submit {
            for sink in sinks {
                sink.flush()
            }
        }
    }

    /// Scans once, now, records, and delivers the resulting events to the sinks before returning them.
    ///
    /// Works whether or not the tracker is started, and regardless of run-loop mode or application state:
    /// it is meant for tests and debugging. When another thread is delivering an explicit call's event at
    /// that moment, the scan's events reach the sinks right after it, from that thread, and are not in the
    /// returned array. A call from inside a sink (during another scan's delivery) is
    /// skipped with a ``TrackingDiagnostic/Code/reentrantScan`` diagnostic.
    /// - Returns: The events delivered by this scan, in order.
    @discardableResult
    public func scanNow() -> [TrackingEvent] {
        guard !isScanning else {
            report(TrackingDiagnostic(
                code: .reentrantScan, message: "scan requested during a scan or its delivery (from a sink?); skipped"
            ))
            return []
        }
        // A dead-tap check whose interval has ended is settled before the scan, on the same clock.
        tapCapture?.judgeDeadTaps()
        isScanning = true
        let instant = configuration.clock.now()
        let scanStart = DispatchTime.now().uptimeNanoseconds
        scanResult.removeAll()
        let inTransition: Bool
        let exclusion: any WindowExclusion = if let tapCapture, scheduler.isStarted {
            ScannedWindowsPass(transitions: transitions, tapCapture: tapCapture)
        } else {
            transitions
        }
        if let debugOverlay {
            inTransition = scanner.scanConnectedScenes(into: &scanResult, observer: &debugOverlay.anchors, excluding: exclusion)
        } else {
            inTransition = scanner.scan(into: &scanResult, excluding: exclusion)
        }
        let duration = TimeInterval(DispatchTime.now().uptimeNanoseconds - scanStart) / 1_000_000_000
        reportInvalidGeometry(scanResult.viewsWithInvalidGeometry)
        scrollDepths?.sample()
        let events = recordAndDeliver(scanResult, at: instant, keepingUnseenSpans: inTransition)
        scrollDepths?.update(with: scanResult, at: instant.uptime) { recorder.hasLiveSpan($0) }
        isScanning = false
        if let debugOverlay {
            drawDebugOverlay(debugOverlay, at: instant, scanDuration: duration)
        }

        scanStatistics.scanCount += 1
        scanStatistics.totalScanDuration += duration
        scanStatistics.viewsVisited += scanResult.viewsVisited
        scanObserver?(TrackingScanSummary(
            scanNumber: scanStatistics.scanCount, timestamp: instant.date, duration: duration,
            viewsVisited: scanResult.viewsVisited, events: events
        ))
        return events
    }

    /// What the tracker has done since it was created. Main actor, like scanning.
    public var statistics: TrackingStatistics {
        var statistics = scanStatistics
        statistics.eventsDelivered = mailbox.eventsDelivered
        return statistics
    }

    /// Called on the main actor after every scan, scheduled or not, with what it saw and delivered: for
    /// debugging overlays and reports. It may read ``visibilityReport()``; a ``scanNow()`` from inside it
    /// starts a new scan.
    public var scanObserver: (@MainActor (TrackingScanSummary) -> Void)?

    // MARK: - Internal

    /// The validated configuration.
    nonisolated let configuration: TrackingConfiguration
    /// Draws each scan while ``showsDebugOverlay`` is on; `nil` (and no work) while it is off.
    var debugOverlay: DebugOverlay?
    /// Finds what is visible.
    let scanner: VisibilityScanner
    /// How many scans the scheduler ran (``scanNow()`` calls excluded).
    private(set) var scheduledScanCount = 0
    /// Decides when to scan.
    private(set) lazy var scheduler = ScanScheduler(
        interval: configuration.scanInterval,
        runLoop: runLoop,
        notificationCenter: notificationCenter,
        nextDeadline: { [weak self] in self?.secondsToNextDeadline() },
        onScan: { [weak self] in self?.scheduledScan() },
        onPause: { [weak self] in
            self?.tapCapture?.deadTaps?.cancel()
            self?.endAllSpansAndDeliver()
        },
        onActivityChange: { [weak self] isActive in self?.applicationActivityChanged(isActive) }
    )

    /// - Parameters:
    ///   - runLoop: Where the scheduler's timer runs.
    ///   - notificationCenter: Where application notifications are observed and scan requests posted.
    ///   - gatherContext: Reads the device and app context (tests give the app a version of their own).
    init(
        configuration: TrackingConfiguration,
        sinks: [any TrackingSink],
        runLoop: RunLoop,
        notificationCenter: NotificationCenter,
        gatherContext: @escaping @MainActor () -> TrackingContext = { .current() }
    ) {
        let handler = configuration.diagnosticHandler
        let configuration = configuration.validated(report: handler)
        self.configuration = configuration
        self.sinks = sinks
        sinkFailures = LastingConditionReports(clock: configuration.clock, report: handler)
        scanner = VisibilityScanner(
            minimumVisibleRatio: configuration.minimumVisibleRatio,
            minimumAlpha: configuration.minimumAlpha
        )
        recorder = EventRecorder(rules: EventRecorder.Rules(configuration))
        sanitizer = EventSanitizer(configuration)
        contextProvider = ContextProvider(notificationCenter: notificationCenter, gather: gatherContext)
        self.runLoop = runLoop
        self.notificationCenter = notificationCenter
        // Nothing here reads a file (ACCEPTANCE 55): the consent, the shared storage state (the directory's real
        // path), the identity, the session and the previous launch's version are read by the load below.
        let consentSwitch = TrackerConsent(
            directory: configuration.storageDirectory, sinks: sinks, defaultConsent: configuration.defaultConsent, report: handler
        )
        self.consentSwitch = consentSwitch
        let consentGate = TrackerConsentGate(consent: .granted, sinks: sinks)
        self.consentGate = consentGate
        let storage = SharedStorageSlot(directory: configuration.storageDirectory) {
            IdentityStore(directory: configuration.storageDirectory, report: handler)
        }
        storageSlot = storage
        let sessionStore = SessionStore(
            directory: configuration.storageDirectory, timeout: configuration.sessionTimeout,
            launchedInBackground: UIApplication.shared.applicationState == .background,
            now: { [clock = configuration.clock] in clock.now().date }, report: configuration.diagnosticHandler
        )
        self.sessionStore = sessionStore
        sessionObserver = SessionLifecycleObserver(
            notificationCenter: notificationCenter, store: sessionStore, clock: configuration.clock, mailbox: mailbox
        )
        lifecycle = configuration.tracksApplicationLifecycleEvents
            ? ApplicationLifecycleMonitor(
                notificationCenter: notificationCenter, version: AppVersion(contextProvider.current.app),
                store: AppVersionStore(directory: configuration.storageDirectory, report: handler)
            )
            : nil
        // The tracker's files are read on the delivery queue, not here (ACCEPTANCE 55): what is recorded
        // meanwhile waits in the mailbox, in order, and is stamped with what they hold. The version file before
        // the identity: an identity file created first would make a first launch look like an update.
        let deliveries = sinks.compactMap { $0 as? DeliverySink }
        mailbox.deferDelivery { [consentSwitch, consentGate, storage, sessionStore, lifecycle] eventsWait in
            // The shared state first: from then on, a consent set on another tracker on the directory is
            // handed to this one (after this load), and one set before is in the file read next.
            let identityStore = storage.state.identityStore
            // The delivery sinks' queues and consents, which the tracker's consent is restricted by.
            for delivery in deliveries {
                delivery.open()
            }
            let consent = consentSwitch.load()
            if consent != .granted {
                consentGate.restrict(to: consent)
            }
            lifecycle?.readPreviousLaunch()
            identityStore.persists = consent != .denied
            identityStore.preload(resolving: eventsWait)
            sessionStore.persists = consent != .denied
            sessionStore.prefetch()
        }
        // Lifecycle events begin at creation, as Segment's do at setup, not at `start()`: `start()` is about
        // scanning, and an app that only uses the tracker as its analytics client wants them too.
        lifecycle?.begin(
            recording: { [weak self] name, properties in self?.track(name, properties: properties) },
            deciding: { [weak self] decide in self?.track(deciding: decide) }
        )
        for delivery in deliveries {
            delivery.backgroundTrackers.add()
            delivery.feedingMailboxes.add(mailbox)
        }
        storage.register(self)
        backgroundObserver = BackgroundMoveObserver(notificationCenter: notificationCenter) { [weak self] in
            self?.applicationDidEnterBackground()
        }
        // The load starts now, behind everything `init` queued (see `TrackerMailbox`).
        mailbox.startLoading()
    }

    /// Records one scan's result and delivers its events: the part of a scan after the scanner, shared by
    /// ``scanNow()`` and tests that fabricate results.
    /// - Parameter keepingUnseenSpans: The result leaves out windows in transition: end no span (see
    ///   ``EventRecorder/record(_:at:into:keepingUnseenSpans:)``).
    @discardableResult
    func recordAndDeliver(
        _ result: ScanResult, at instant: TrackingInstant, keepingUnseenSpans: Bool = false
    ) -> [TrackingEvent] {
        recorded.removeAll(keepingCapacity: true)
        recorder.record(result, at: instant, into: &recorded, keepingUnseenSpans: keepingUnseenSpans)
        guard !recorded.isEmpty || !pendingSpanEnds.isEmpty else { return [] }

        var delivered: [TrackingEvent] = []
        delivered.reserveCapacity(recorded.count)
        let wasScanning = isScanning
        isScanning = true
        defer { isScanning = wasScanning }
        for event in recorded {
            if let event = deliver(event) { delivered.append(event) }
        }
        deliverPendingSpanEnds(into: &delivered)
        return delivered
    }

    /// Ends every visibility span now (stop, background) and delivers the ``TrackingEventKind/screenEnded``
    /// events that closes, in the order the spans started. Called during a scan or its delivery (a sink that
    /// stops the tracker), it leaves them to that delivery, which sends them after the scan's own events: a
    /// screen's end never reaches a sink before its view.
    /// - Returns: The events delivered by this call.
    @discardableResult
    func endAllSpansAndDeliver() -> [TrackingEvent] {
        scrollDepths?.sample()
        recorder.endAllSpans(at: configuration.clock.now(), into: &pendingSpanEnds)
        guard !pendingSpanEnds.isEmpty, !isScanning else { return [] }
        // As during a scan's delivery: a sink's scanNow() now would judge a half-ended state.
        isScanning = true
        defer { isScanning = false }
        var delivered: [TrackingEvent] = []
        deliverPendingSpanEnds(into: &delivered)
        return delivered
    }

    /// Records taps on tracked elements (see ``TrackingConfiguration/capturesTaps``); `nil`, and never
    /// created, when the configuration does not capture them.
    private(set) lazy var tapCapture: TapCapture? = configuration.capturesTaps
        ? TapCapture(
            store: scanner.store, minimumAlpha: scanner.minimumAlpha, transitions: transitions, clock: configuration.clock,
            rageTapCount: configuration.rageTapCount, rageTapInterval: configuration.rageTapInterval,
            rageTapRadius: configuration.rageTapRadius,
            deadTapInterval: configuration.capturesDeadTaps ? configuration.deadTapInterval : nil,
            deliver: { [weak self] event, window in
                guard let self else { return }
                _ = deliver(event)
                debugOverlay?.mark(event, in: window, at: configuration.clock.now().uptime)
            }
        )
        : nil

    /// Who events are recorded for, persisted in ``TrackingConfiguration/storageDirectory`` unless consent
    /// is denied; shared by every tracker of the process on that directory.
    nonisolated var identityStore: IdentityStore { storageSlot.state.identityStore }
    /// The identity and consent shared with the other trackers on the storage directory.
    nonisolated var sharedStorage: SharedStorageState { storageSlot.state }
    /// Finds ``sharedStorage`` in the load, off the main thread.
    nonisolated let storageSlot: SharedStorageSlot
    /// The session stamped on every event, persisted like the identity.
    nonisolated let sessionStore: SessionStore
    /// Tells ``sessionStore`` when the app goes to the background and returns.
    let sessionObserver: SessionLifecycleObserver
    /// Runs ``applicationDidEnterBackground()`` when the app moves to the background; set at the end of
    /// `init`, after the lifecycle events of the launch.
    private(set) var backgroundObserver: BackgroundMoveObserver?
    /// The person's choice (see ``consent``), persisted and followed by the delivery sinks.
    nonisolated let consentSwitch: TrackerConsent
    /// The sinks the person's choice lets events reach, read as events are delivered.
    nonisolated let consentGate: TrackerConsentGate
    /// The device and app context stamped on every event.
    nonisolated let contextProvider: ContextProvider
    /// Makes events deliverable.
    nonisolated let sanitizer: EventSanitizer
    /// Sinks that keep throwing, reported once rather than once per event.
    nonisolated let sinkFailures: LastingConditionReports
    /// Orders every call and delivers it, from any thread, with no lock held during callbacks.
    nonisolated let mailbox = TrackerMailbox()
    /// Records the application lifecycle events; `nil` when they are turned off.
    nonisolated let lifecycle: ApplicationLifecycleMonitor?

    // MARK: - Private

    /// Finds windows in transition; when a transition it found ends, asks for a scan at once, so that the
    /// screen it leads to is counted promptly.
    private lazy var transitions = TransitionMonitor(onTransitionEnd: { [weak self] in
        self?.scheduler.requestScan()
    })
    private var recorder: EventRecorder
    /// Measures the screens' scroll depth for their `Screen Ended` (see <doc:Engagement>); `nil` when screen
    /// ends are not recorded.
    private(set) lazy var scrollDepths: ScrollDepthMonitor? = configuration.recordsScreenEnded
        ? ScrollDepthMonitor(store: scanner.store, minimumVisibleRatio: scanner.minimumVisibleRatio) { [weak self] screen, depth in
            self?.recorder.noteScrollDepth(depth, for: screen)
        }
        : nil
    private let runLoop: RunLoop
    private let notificationCenter: NotificationCenter
    private var scanResult = ScanResult()
    private var recorded: [TrackingEvent] = []
    /// Screen ends recorded by ``endAllSpansAndDeliver()`` and not delivered yet.
    private var pendingSpanEnds: [TrackingEvent] = []
    private var isScanning = false
    /// Scan figures; ``statistics`` adds the events delivered.
    private var scanStatistics = TrackingStatistics()
    private var lastInvalidGeometryCount = 0

    /// Delivers ``pendingSpanEnds``, and any that a sink's ``stop()`` adds meanwhile.
    private func deliverPendingSpanEnds(into delivered: inout [TrackingEvent]) {
        while !pendingSpanEnds.isEmpty {
            let ends = pendingSpanEnds
            pendingSpanEnds.removeAll()
            for event in ends {
                if let event = deliver(event) { delivered.append(event) }
            }
        }
    }

    private func drawDebugOverlay(_ overlay: DebugOverlay, at instant: TrackingInstant, scanDuration: TimeInterval) {
        // Drawn after the events are delivered, so the badge counts them; only while running, so that a
        // stopped tracker's scanNow() does not bring the overlay back.
        guard scheduler.isStarted else {
            overlay.anchors.removeAll()
            return
        }
        let scan = DebugOverlay.Scan(
            uptime: instant.uptime, duration: scanDuration, minimumVisibleRatio: scanner.minimumVisibleRatio,
            minimumVisibleDuration: configuration.minimumVisibleDuration,
            eventsRecorded: statistics.eventsDelivered, delivery: delivery
        )
        overlay.draw(scan) { element, screen in recorder.elementSpan(of: element, on: screen) }
    }

    /// Screen time runs only while the app is active: an inactive app (in the app switcher, under a system
    /// alert or Notification Center) keeps its spans, so no second screen view follows, but not its time.
    private func applicationActivityChanged(_ isActive: Bool) {
        recorder.setApplicationActive(isActive, at: configuration.clock.now())
    }

    /// When the earliest visible element not yet decided qualifies as an impression (uptime on the tracker's
    /// clock), or `nil`: what the scheduler's next deadline waits for.
    var nextQualification: Double? {
        recorder.nextQualification
    }

    /// In how many seconds the next thing only time decides is due (an impression qualifying, a dead-tap
    /// judgement, a debug-overlay tap mark fading), on the tracker's clock; `nil` when nothing is.
    private func secondsToNextDeadline() -> TimeInterval? {
        // No array: this runs after every scheduled scan.
        func earlier(_ first: TimeInterval?, _ second: TimeInterval?) -> TimeInterval? {
            guard let first else { return second }
            guard let second else { return first }
            return min(first, second)
        }
        let due = earlier(earlier(recorder.nextQualification, tapCapture?.deadTapJudgementDue), debugOverlay?.nextTapMarkExpiry)
        return due.map { $0 - configuration.clock.now().uptime }
    }

    private func scheduledScan() {
        scheduledScanCount += 1
        scanNow()
    }

    /// Reports views with NaN or infinite geometry when their number changes, not on every scan: the
    /// same broken view would otherwise flood the log four times a second.
    private func reportInvalidGeometry(_ count: Int) {
        defer { lastInvalidGeometryCount = count }
        guard count > 0, count != lastInvalidGeometryCount else { return }
        report(TrackingDiagnostic(
            code: .invalidGeometry,
            message: "\(count) view(s) have a NaN or infinite frame, bounds or transform; "
                + "they and their subviews are treated as invisible"
        ))
    }

    /// Hands `diagnostic` to the configured handler (internal for the analytics-client extension).
    nonisolated func report(_ diagnostic: TrackingDiagnostic) {
        configuration.diagnosticHandler(diagnostic)
    }
}
