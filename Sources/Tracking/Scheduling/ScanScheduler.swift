#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// Decides when the tracker scans: at most `1 / interval` times a second, only when the main run loop is
/// idle in `.default` mode, never while it tracks a scroll, never in the background.
///
/// A repeating timer (in `.default` and `.tracking`) enqueues a coalesced notification on the main thread's
/// `NotificationQueue` with posting style `.whenIdle` for `.default` only; the scan runs when it is posted.
/// So a tick during a scroll is held back until the run loop is back in `.default` and idle, and one scan
/// runs then; ticks that pile up coalesce into that one. The timer also runs in `.tracking` (explicitly:
/// on Linux `.common` cannot include it) so that the scan after a scroll comes as soon as the loop idles
/// instead of up to one interval later.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class ScanScheduler {
    // MARK: - Internal

    /// Whether ``start()`` was called without a later ``stop()``.
    private(set) var isStarted = false
    /// Whether scanning is suspended because the app is in the background.
    private(set) var isPaused = false
    /// How many times the timer fired (each tick requests at most one scan).
    private(set) var tickCount = 0

    /// - Parameters:
    ///   - interval: Seconds between ticks.
    ///   - runLoop: Where the timer runs; the scan request is posted by this thread's notification queue,
    ///     so it must be the main run loop in the app.
    ///   - notificationCenter: Where application notifications are observed and scan requests posted.
    ///   - onScan: Runs one scan.
    ///   - onPause: Runs when the app enters the background: visibility spans end there.
    ///   - onActivityChange: Runs with `false` when the app is about to become inactive (the app switcher, a
    ///     system alert, an incoming call, Notification or Control Center) and with `true` when it becomes
    ///     active again, while started: screen time stops and resumes there.
    init(
        interval: TimeInterval,
        runLoop: RunLoop = .main,
        notificationCenter: NotificationCenter = .default,
        onScan: @escaping @MainActor () -> Void,
        onPause: @escaping @MainActor () -> Void,
        onActivityChange: @escaping @MainActor (Bool) -> Void = { _ in }
    ) {
        self.interval = interval
        self.runLoop = runLoop
        self.notificationCenter = notificationCenter
        self.onScan = onScan
        self.onPause = onPause
        self.onActivityChange = onActivityChange
    }

    /// Starts ticking (or waits for the foreground if the app is in the background).
    func start() {
        guard !isStarted else { return }
        isStarted = true
        observeNotifications()
        if isApplicationInBackground {
            isPaused = true
        } else {
            isPaused = false
            startTimer()
        }
    }

    /// Stops ticking; a scan request still queued is ignored when it posts.
    func stop() {
        guard isStarted else { return }
        isStarted = false
        isPaused = false
        stopTimer()
        observers = nil
    }

    /// Requests one scan as soon as the main run loop is idle in `.default`, coalesced with the timer's
    /// requests; ignored while stopped or paused. For events that should be counted promptly, such as the
    /// end of a view-controller transition.
    func requestScan() {
        guard isStarted, !isPaused else { return }
        enqueueScanRequest()
    }

    // MARK: - Private

    private let interval: TimeInterval
    private let runLoop: RunLoop
    private let notificationCenter: NotificationCenter
    private let onScan: @MainActor () -> Void
    private let onPause: @MainActor () -> Void
    private let onActivityChange: @MainActor (Bool) -> Void
    private var timer: Timer?
    private var observers: ObserverBag?
    /// Identifies this scheduler's scan requests, so that two trackers neither coalesce nor trigger each
    /// other's scans.
    private let sender = ScanRequestSender()

    /// Posts scan requests to `notificationCenter`, where they are observed (`NotificationQueue.default`
    /// posts to `NotificationCenter.default` only). Created on first use, on the thread that owns `runLoop`.
    private lazy var requestQueue = NotificationQueue(notificationCenter: notificationCenter)

    private static let scanRequested = Notification.Name("SightlineTrackingScanRequested")

    private var isApplicationInBackground: Bool {
        UIApplication.shared.applicationState == .background
    }

    private var scanRequest: Notification {
        Notification(name: Self.scanRequested, object: sender)
    }

    private func startTimer() {
        guard timer == nil else { return }
        let timer = Timer(timeInterval: interval, repeats: true) { [weak self] timer in
            guard let self else {
                // The tracker is gone: nothing can stop this timer but the timer itself.
                timer.invalidate()
                return
            }
            MainActor.assumeIsolated { self.tick() }
        }
        timer.tolerance = interval / 10
        runLoop.add(timer, forMode: .default)
        runLoop.add(timer, forMode: .tracking)
        self.timer = timer
    }

    /// A request already queued is not dequeued (that API's signature differs between Apple's Foundation
    /// and swift-corelibs-foundation); when it posts, ``scanRequestPosted()`` ignores it while stopped or
    /// paused.
    private func stopTimer() {
        timer?.invalidate()
        timer = nil
    }

    private func tick() {
        tickCount += 1
        enqueueScanRequest()
    }

    private func enqueueScanRequest() {
        requestQueue.enqueue(
            scanRequest,
            postingStyle: .whenIdle,
            coalesceMask: [.onName, .onSender],
            forModes: [.default]
        )
    }

    private func scanRequestPosted() {
        guard isStarted, !isPaused, !isApplicationInBackground else { return }
        onScan()
    }

    private func applicationDidEnterBackground() {
        guard isStarted, !isPaused else { return }
        isPaused = true
        stopTimer()
        onPause()
    }

    private func applicationWillReturnToForeground() {
        guard isStarted, isPaused else { return }
        isPaused = false
        startTimer()
    }

    private func observeNotifications() {
        let bag = ObserverBag(center: notificationCenter)
        bag.observe(Self.scanRequested, object: sender) { [weak self] in self?.scanRequestPosted() }
        bag.observe(UIApplication.didEnterBackgroundNotification) { [weak self] in
            self?.applicationDidEnterBackground()
        }
        bag.observe(UIApplication.willEnterForegroundNotification) { [weak self] in
            self?.applicationWillReturnToForeground()
        }
        bag.observe(UIApplication.didBecomeActiveNotification) { [weak self] in
            self?.applicationWillReturnToForeground()
        }
        bag.observe(UIApplication.willResignActiveNotification) { [weak self] in
            self?.onActivityChange(false)
        }
        bag.observe(UIApplication.didBecomeActiveNotification) { [weak self] in
            self?.onActivityChange(true)
        }
        observers = bag
    }
}

/// The object of a scheduler's scan-request notifications: its identity is what coalescing and
/// observation match on.
private final class ScanRequestSender: NSObject, Sendable {}

/// Notification observations that end when the bag is released, from whatever thread releases it.
private final class ObserverBag {
    private let center: NotificationCenter
    private var tokens: [any NSObjectProtocol] = []

    init(center: NotificationCenter) {
        self.center = center
    }

    /// Runs `handler` on the main actor for each `name` notification. UIKit posts application
    /// notifications on the main thread; one posted elsewhere is forwarded to the main actor rather than
    /// trapping.
    @MainActor
    func observe(_ name: Notification.Name, object: AnyObject? = nil, handler: @escaping @MainActor @Sendable () -> Void) {
        tokens.append(center.addObserver(forName: name, object: object, queue: nil) { _ in
            if Thread.isMainThread {
                MainActor.assumeIsolated(handler)
            } else {
                Task { @MainActor in handler() }
            }
        })
    }

    deinit {
        for token in tokens {
            center.removeObserver(token)
        }
    }
}
