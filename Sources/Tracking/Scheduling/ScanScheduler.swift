#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// Decides when the tracker scans: only after the main run loop did work, when it is about to sleep in
/// `.default`, at most `1 / interval` times a second, never while it tracks a scroll, never in the background;
/// and at the moments only time decides (an impression qualifying, a dead-tap judgement, a tap mark fading).
///
/// UIKit's hierarchy changes only on the main thread, and the main thread runs only when its run loop wakes
/// (a touch, a timer, a main-queue block, a notification, a layout pass) or is entered. So the scheduler
/// observes the main run loop in `.default` (``RunLoopActivityObserver``): a wake or an entry marks that
/// something may have changed, and the loop's next `beforeWaiting` scans, once. If the last scan was less
/// than an interval ago, a one-shot timer scans at the end of the interval instead. After each scan the
/// tracker says when the next thing only time decides is due (`nextDeadline`), and a one-shot timer wakes the
/// loop exactly then; with nothing due, nothing is armed: a screen at rest costs no scan and no wake.
///
/// The observer and the timers are in `.default` only: while the loop runs in `.tracking` (a finger scrolls)
/// nothing runs, and the return to `.default` (an entry) brings the scan after the scroll.
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
    /// How many times one of the scheduler's one-shot timers fired (an interval's end or a deadline): each
    /// is a wake of the main run loop the scheduler caused.
    private(set) var timerFireCount = 0

    /// - Parameters:
    ///   - interval: The least number of seconds between two scans.
    ///   - runLoop: The run loop observed, where the timers run: the main run loop in the app.
    ///   - notificationCenter: Where application notifications are observed.
    ///   - now: Seconds on a monotonic clock, for the interval between scans.
    ///   - nextDeadline: Asked after each scan: in how many seconds the next thing only time decides is due,
    ///     or `nil` when nothing is.
    ///   - onScan: Runs one scan.
    ///   - onPause: Runs when the app enters the background: visibility spans end there.
    ///   - onActivityChange: Runs with `false` when the app is about to become inactive (the app switcher, a
    ///     system alert, an incoming call, Notification or Control Center) and with `true` when it becomes
    ///     active again, while started: screen time stops and resumes there.
    init(
        interval: TimeInterval,
        runLoop: RunLoop = .main,
        notificationCenter: NotificationCenter = .default,
        now: @escaping @MainActor () -> TimeInterval = { ProcessInfo.processInfo.systemUptime },
        nextDeadline: @escaping @MainActor () -> TimeInterval? = { nil },
        onScan: @escaping @MainActor () -> Void,
        onPause: @escaping @MainActor () -> Void,
        onActivityChange: @escaping @MainActor (Bool) -> Void = { _ in }
    ) {
        self.interval = interval
        self.runLoop = runLoop
        self.notificationCenter = notificationCenter
        self.now = now
        self.nextDeadline = nextDeadline
        self.onScan = onScan
        self.onPause = onPause
        self.onActivityChange = onActivityChange
    }

    /// Starts observing the run loop (or waits for the foreground if the app is in the background).
    func start() {
        guard !isStarted else { return }
        isStarted = true
        observeNotifications()
        if isApplicationInBackground {
            isPaused = true
        } else {
            isPaused = false
            resume()
        }
    }

    /// Stops observing; nothing armed fires.
    func stop() {
        guard isStarted else { return }
        isStarted = false
        isPaused = false
        suspend()
        observers = nil
    }

    /// Asks for a scan as soon as the main run loop is about to sleep in `.default`, whatever the interval:
    /// for events that should be counted promptly and are rare, such as the end of a view-controller
    /// transition. Ignored while stopped or paused.
    func requestScan() {
        guard isStarted, !isPaused else { return }
        // The loop is inside a callout now (main-thread code runs in one, or before an entry): its next
        // beforeWaiting scans; a request made during the scan itself arms a timer at once.
        needsScan = true
        isRequested = true
        if isScanning { arm(at: now()) }
    }

    /// Whether nothing is armed and a scan would not wait for the interval: what the main run loop does
    /// next is the only thing that can make the scheduler scan. For tests of the rest state.
    var isAtRest: Bool {
        timer == nil && now() >= lastScan + interval
    }

    // MARK: - Private

    private let interval: TimeInterval
    private let runLoop: RunLoop
    private let notificationCenter: NotificationCenter
    private let now: @MainActor () -> TimeInterval
    private let nextDeadline: @MainActor () -> TimeInterval?
    private let onScan: @MainActor () -> Void
    private let onPause: @MainActor () -> Void
    private let onActivityChange: @MainActor (Bool) -> Void
    private var observer: RunLoopActivityObserver?
    private var observers: ObserverBag?
    /// The one-shot timer armed, and when it fires (``now``'s clock).
    private var timer: Timer?
    private var timerFireDate: TimeInterval = .infinity
    /// Whether the loop woke, was entered or was asked for a scan since the last scan.
    private var needsScan = false
    /// Whether ``requestScan()`` asked for a scan that the interval may not delay.
    private var isRequested = false
    private var isScanning = false
    private var lastScan: TimeInterval = -.infinity

    private var isApplicationInBackground: Bool {
        UIApplication.shared.applicationState == .background
    }

    private func resume() {
        needsScan = true
        guard observer == nil else { return }
        observer = RunLoopActivityObserver(runLoop: runLoop, mode: .default) { [weak self] activity in
            self?.runLoopActivity(activity)
        }
    }

    private func suspend() {
        observer?.invalidate()
        observer = nil
        cancelTimer()
        needsScan = false
        isRequested = false
    }

    private func runLoopActivity(_ activity: RunLoopActivityObserver.Activity) {
        switch activity {
        case .entry, .afterWaiting:
            needsScan = true
        case .beforeWaiting:
            if needsScan { scanIfAllowed() }
        }
    }

    /// Scans now if the interval since the last scan has passed, else arms the timer for its end.
    private func scanIfAllowed() {
        guard isStarted, !isPaused, !isApplicationInBackground else { return }
        let now = now()
        let allowedAt = lastScan + interval
        guard isRequested || now + interval / 100 >= allowedAt else {
            arm(at: allowedAt)
            return
        }
        needsScan = false
        isRequested = false
        lastScan = now
        isScanning = true
        onScan()
        isScanning = false
        cancelTimer()
        if isRequested {
            // Asked for during the scan (a transition it saw end): the loop must not sleep first.
            arm(at: now)
        } else if let delay = nextDeadline() {
            arm(at: max(self.now() + max(delay, 0), lastScan + interval))
        }
    }

    /// Makes sure the loop wakes by `fireDate` (``now``'s clock); an earlier timer already armed stays.
    private func arm(at fireDate: TimeInterval) {
        guard isStarted, !isPaused else { return }
        if timer != nil, timerFireDate <= fireDate { return }
        cancelTimer()
        // `fire:` and not `timeInterval:`: swift-corelibs-foundation's `Timer(timeInterval:repeats:block:)` fires at
        // once (its first fire date is now), which would spin the loop until the interval's end.
        let timer = Timer(fire: Date(timeIntervalSinceNow: max(fireDate - now(), 0)), interval: 0, repeats: false) { [weak self] _ in
            MainActor.assumeIsolated { self?.timerFired() }
        }
        timer.tolerance = min(interval / 10, 0.005)
        runLoop.add(timer, forMode: .default)
        self.timer = timer
        timerFireDate = fireDate
    }

    private func cancelTimer() {
        timer?.invalidate()
        timer = nil
        timerFireDate = .infinity
    }

    private func timerFired() {
        timer = nil
        timerFireDate = .infinity
        timerFireCount += 1
        // The loop's beforeWaiting after this timer scans.
        needsScan = true
    }

    private func applicationDidEnterBackground() {
        guard isStarted, !isPaused else { return }
        isPaused = true
        suspend()
        onPause()
    }

    private func applicationWillReturnToForeground() {
        guard isStarted, isPaused else { return }
        isPaused = false
        resume()
    }

    private func observeNotifications() {
        let bag = ObserverBag(center: notificationCenter)
        bag.observe(UIApplication.didEnterBackgroundNotification) { [weak self] in
            self?.applicationDidEnterBackground()
        }
        bag.observe(UIApplication.willEnterForegroundNotification) { [weak self] in
            self?.applicationWillReturnToForeground()
        }
        bag.observe(UIApplication.didBecomeActiveNotification) { [weak self] in
            self?.applicationWillReturnToForeground()
            self?.onActivityChange(true)
        }
        bag.observe(UIApplication.willResignActiveNotification) { [weak self] in
            self?.onActivityChange(false)
        }
        observers = bag
    }
}

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
