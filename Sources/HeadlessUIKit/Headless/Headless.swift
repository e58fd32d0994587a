import Foundation

/// Headless-only controls for what a person or the system would do to a real app: run the main run loop,
/// run the update cycle, drag a scroll view, tap, take a screenshot, move the app to the background.
///
/// None of this exists in UIKit; use it from tests, benchmarks and headless entry points only.
@MainActor
public enum Headless {
    // MARK: - App and scene

    /// The connected window scene that windows join when shown.
    public static var windowScene: UIWindowScene {
        if let scene = defaultScene { return scene }
        let scene = UIWindowScene(activationState: UIApplication.shared.applicationState == .background ? .background : .foregroundActive)
        UIApplication.shared.connectedScenes.insert(scene)
        defaultScene = scene
        return scene
    }

    /// Returns to a fresh app: hides and detaches every window, makes the app active, drops pending layout
    /// and animations, forgets registered images, reports and forgets background tasks never ended, forgets the
    /// launch's delegates and ``mainBundleInfo``. Call it first and last in each test (in a `defer`, or at the end of
    /// an `async` test), before the test removes its storage: the last releases the launch's app delegate and
    /// what it holds (a tracker), so nothing writes there afterwards.
    public static func reset() {
        for scene in UIApplication.shared.connectedScenes {
            guard let windowScene = scene as? UIWindowScene else { continue }
            for window in windowScene.windows {
                window.isHidden = true
                window.windowScene = nil
            }
        }
        UIApplication.shared.applicationState = .active
        for scene in UIApplication.shared.connectedScenes {
            scene.activationState = .foregroundActive
        }
        resetDelegates()
        mainBundleInfo = [:]
        UIWindow.keyWindowStorage = nil
        UpdateCycle.shared.cancel()
        TransitionAnimator.shared.cancelAll()
        BackgroundTaskRegistry.shared.reset()
        TouchScreen.shared.reset()
        GestureEnvironment.shared.reset()
        ImageRegistry.shared.removeAll()
    }

    /// Launches the app as UIKit does at a cold start, from `application(_:didFinishLaunchingWithOptions:)`
    /// to the first `didBecomeActiveNotification`.
    ///
    /// The app is `.inactive` while `didFinishLaunching` runs (the app delegate's method) and while
    /// `UIApplication.didFinishLaunchingNotification` is posted. A scene-based app (the default) then
    /// connects its window scene, ``windowScene``: `UIScene.willConnectNotification` and
    /// `UIScene.willEnterForegroundNotification` with the scene still `.unattached`,
    /// `UIApplication.willEnterForegroundNotification` with the app still `.inactive` (scene-based apps get
    /// it at launch too), then `UIScene.didActivateNotification` once the scene is `.foregroundActive` and
    /// `UIApplication.didBecomeActiveNotification` once the app is `.active`. An app without scenes gets
    /// only `didFinishLaunchingNotification` and `didBecomeActiveNotification`.
    ///
    /// Call it once per simulated process, after ``reset()``; every notification goes to
    /// `NotificationCenter.default`. To run an app delegate and a scene delegate through the same launch,
    /// use ``launch(sceneBased:applicationDelegate:sceneDelegate:url:sourceApplication:)``.
    /// - Parameters:
    ///   - sceneBased: Whether the app adopts the scene life cycle (a scene manifest), as new apps do.
    ///   - didFinishLaunching: Stands for the app delegate's `application(_:didFinishLaunchingWithOptions:)`:
    ///     where an app creates its tracker.
    public static func launch(sceneBased: Bool = true, didFinishLaunching: () -> Void = {}) {
        performLaunch(
            sceneBased: sceneBased, applicationDelegate: nil, makeSceneDelegate: nil, url: nil, sourceApplication: nil,
            didFinishLaunching: didFinishLaunching
        )
    }

    /// Moves the app to the background as UIKit does when the person leaves it.
    ///
    /// Each notification is posted before the state it announces (`will…`) or after it (`did…`):
    /// `UIScene.willDeactivateNotification` for each active scene, then
    /// `UIApplication.willResignActiveNotification`, while they are still `.foregroundActive` and
    /// `.active`; then each scene becomes `.background` and posts `UIScene.didEnterBackgroundNotification`;
    /// then the app becomes `.background` and posts `UIApplication.didEnterBackgroundNotification`. Each
    /// scene's delegate hears `sceneWillResignActive(_:)` and `sceneDidEnterBackground(_:)` just before the
    /// scene's notification (an app launched without scenes: the app delegate's
    /// `applicationWillResignActive(_:)` and `applicationDidEnterBackground(_:)` before the application's).
    /// Does nothing when the app is in the background already.
    public static func enterBackground() {
        let application = UIApplication.shared
        guard application.applicationState != .background else { return }
        let scenes = foregroundScenes
        for scene in scenes where scene.activationState == .foregroundActive {
            scene.delegate?.sceneWillResignActive(scene)
            NotificationCenter.default.post(name: UIScene.willDeactivateNotification, object: scene)
        }
        if launchedWithoutScenes { application.delegate?.applicationWillResignActive(application) }
        post(UIApplication.willResignActiveNotification)
        application.applicationState = .inactive
        for scene in scenes {
            scene.activationState = .background
            scene.delegate?.sceneDidEnterBackground(scene)
            NotificationCenter.default.post(name: UIScene.didEnterBackgroundNotification, object: scene)
        }
        application.applicationState = .background
        if launchedWithoutScenes { application.delegate?.applicationDidEnterBackground(application) }
        post(UIApplication.didEnterBackgroundNotification)
    }

    /// Returns the app to the foreground as UIKit does when the person comes back to it.
    ///
    /// `UIScene.willEnterForegroundNotification` for each scene, then
    /// `UIApplication.willEnterForegroundNotification`, while they are still `.background`; then each scene
    /// becomes `.foregroundActive` and posts `UIScene.didActivateNotification`; then the app becomes
    /// `.active` and posts `UIApplication.didBecomeActiveNotification`. Each scene's delegate hears
    /// `sceneWillEnterForeground(_:)` and `sceneDidBecomeActive(_:)` just before the scene's notification (an
    /// app launched without scenes: the app delegate's `applicationWillEnterForeground(_:)` and
    /// `applicationDidBecomeActive(_:)` before the application's). Does nothing unless the app is in the
    /// background.
    public static func enterForeground() {
        enterForeground(beforeActivation: {})
    }

    /// ``enterForeground()``, running `beforeActivation` once the foreground notifications are posted and
    /// before any scene becomes active (where UIKit delivers a URL that brought the app back); runs it
    /// alone when the app is not in the background.
    static func enterForeground(beforeActivation: () -> Void) {
        let application = UIApplication.shared
        guard application.applicationState == .background else { return beforeActivation() }
        let scenes = Array(UIApplication.shared.connectedScenes)
        for scene in scenes {
            scene.delegate?.sceneWillEnterForeground(scene)
            NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: scene)
        }
        if launchedWithoutScenes { application.delegate?.applicationWillEnterForeground(application) }
        post(UIApplication.willEnterForegroundNotification)
        beforeActivation()
        application.applicationState = .inactive
        for scene in scenes {
            scene.activationState = .foregroundActive
            scene.delegate?.sceneDidBecomeActive(scene)
            NotificationCenter.default.post(name: UIScene.didActivateNotification, object: scene)
        }
        application.applicationState = .active
        if launchedWithoutScenes { application.delegate?.applicationDidBecomeActive(application) }
        post(UIApplication.didBecomeActiveNotification)
    }

    /// Simulates the user taking a screenshot: posts `userDidTakeScreenshotNotification` afterwards, as
    /// UIKit does.
    public static func takeScreenshot() {
        NotificationCenter.default.post(name: UIApplication.userDidTakeScreenshotNotification, object: UIApplication.shared)
    }

    // MARK: - Run loop and update cycle

    /// Runs the main run loop in `mode` for `seconds` (bounded: returns when the time is up).
    public static func runMainRunLoop(for seconds: TimeInterval, mode: RunLoop.Mode = .default) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        repeat {
            _ = RunLoop.main.run(mode: mode, before: min(deadline, Date(timeIntervalSinceNow: 0.005)))
        } while Date() < deadline
    }

    /// Runs the main run loop until no layout pass or animated transition is pending, or until `timeout`
    /// seconds have passed.
    ///
    /// The default bound is one only a hang reaches, so a busy machine makes settling slower, never
    /// incomplete. Layout and animations run in `.default` and `.tracking` alike; settling in `.tracking`
    /// holds back work that waits for `.default` (such as `.whenIdle` notifications) until later.
    /// - Parameters:
    ///   - timeout: The most seconds to run.
    ///   - mode: The run-loop mode to run in.
    public static func settle(timeout: TimeInterval = 60, mode: RunLoop.Mode = .default) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while (UpdateCycle.shared.isScheduled || TransitionAnimator.shared.pendingCount > 0), Date() < deadline {
            _ = RunLoop.main.run(mode: mode, before: Date(timeIntervalSinceNow: 0.005))
        }
    }

    /// Runs the update cycle now: lays out every marked view of every window.
    public static func runUpdateCycle() {
        UpdateCycle.shared.run()
    }

    /// How long animated transitions take before their `did…` callbacks (default 0.01 s).
    public static var transitionDuration: TimeInterval {
        get { TransitionAnimator.shared.duration }
        set { TransitionAnimator.shared.duration = newValue }
    }

    // MARK: - Touches

    /// Taps a control as a finger does: a tap at the centre of its bounds in its window, through
    /// hit-testing, gesture recognizers and the control's touch tracking (`.touchDown`, then
    /// `.touchUpInside` and, for a button, `.primaryActionTriggered`).
    ///
    /// Whatever is on top at that point gets the tap, as on a device; a control in no window cannot be
    /// tapped (a diagnostic says so).
    /// - Parameters:
    ///   - control: The control to tap.
    ///   - timestamp: When the tap happens; pass a manual clock's time in tests.
    public static func tap(_ control: UIControl, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        guard let window = control.window else {
            HeadlessDiagnostics.report("Headless.tap: the \(type(of: control)) is in no window, so no finger can reach it; nothing was sent.")
            return
        }
        let center = control.convert(CGPoint(x: control.bounds.midX, y: control.bounds.midY), to: nil)
        let finger = touchDown(at: center, in: window, timestamp: timestamp)
        if finger.touch.view.map({ !$0.isDescendant(of: control) }) ?? true {
            HeadlessDiagnostics.report("Headless.tap: another view is on top of the \(type(of: control))'s centre and took the tap, as it would on a device.")
        }
        finger.lift(timestamp: timestamp)
    }

    /// Taps a tab as a user would: the delegate is asked, the tab is selected, the delegate is told.
    public static func tapTab(at index: Int, in tabBarController: UITabBarController) {
        tabBarController.userDidTapTab(at: index)
    }

    /// Drags a scroll view by driving it directly (not through touches; for a finger, see
    /// ``drag(from:to:in:steps:duration:timestamp:)``, which reaches `UIScrollView.panGestureRecognizer`):
    /// a finger moving by `translation` (the content moves with the finger, so
    /// `contentOffset` changes by `-translation`, clamped to the content), over `duration` seconds, in 8
    /// steps, then, with `decelerate`, coasts half as far again. The main run loop runs in
    /// `RunLoop.Mode.tracking` for the whole gesture, so timers and queued notifications registered for
    /// `.default` only wait; the delegate hears every step in UIKit's order.
    public static func drag(_ scrollView: UIScrollView, by translation: CGPoint, duration: TimeInterval = 0.2, decelerate: Bool = false) {
        guard scrollView.isScrollEnabled else { return }
        let steps = 8
        let stepInterval = max(duration, 0.001) / Double(steps)
        let start = scrollView.contentOffset
        let dragTarget = clamped(CGPoint(x: start.x - translation.x, y: start.y - translation.y), in: scrollView)
        scrollView.isTracking = true
        scrollView.isDragging = true
        scrollView.delegate?.scrollViewWillBeginDragging(scrollView)
        animateOffset(of: scrollView, from: start, to: dragTarget, steps: steps, interval: stepInterval)
        // UIKit reports the release velocity in points per millisecond.
        let velocity = CGPoint(x: -translation.x / max(duration, 0.001) / 1000, y: -translation.y / max(duration, 0.001) / 1000)
        var target = decelerate
            ? clamped(CGPoint(x: dragTarget.x - translation.x / 2, y: dragTarget.y - translation.y / 2), in: scrollView)
            : dragTarget
        scrollView.delegate?.scrollViewWillEndDragging(scrollView, withVelocity: velocity, targetContentOffset: &target)
        scrollView.isTracking = false
        scrollView.isDragging = false
        let willDecelerate = decelerate && target != dragTarget
        scrollView.delegate?.scrollViewDidEndDragging(scrollView, willDecelerate: willDecelerate)
        guard willDecelerate else { return }
        scrollView.isDecelerating = true
        scrollView.delegate?.scrollViewWillBeginDecelerating(scrollView)
        animateOffset(of: scrollView, from: dragTarget, to: target, steps: steps, interval: stepInterval)
        scrollView.isDecelerating = false
        scrollView.delegate?.scrollViewDidEndDecelerating(scrollView)
    }

    // MARK: - Navigation gestures

    /// Starts an interactive pop (the edge swipe): the top controller begins disappearing, the one below
    /// begins appearing, with an interactive `transitionCoordinator` until the gesture ends. Finish or cancel
    /// it with the returned gesture; `nil` when nothing can be popped.
    public static func beginInteractivePop(in navigationController: UINavigationController) -> HeadlessInteractivePop? {
        navigationController.beginInteractivePop().map(HeadlessInteractivePop.init)
    }

    // MARK: - Private

    private static var defaultScene: UIWindowScene?

    /// The connected scenes not in the background.
    private static var foregroundScenes: [UIScene] {
        UIApplication.shared.connectedScenes.filter { $0.activationState != .background }
    }

    /// Posts an application notification, as UIKit does: on the default center, the application as object.
    private static func post(_ name: Notification.Name) {
        NotificationCenter.default.post(name: name, object: UIApplication.shared)
    }

    private static func clamped(_ offset: CGPoint, in scrollView: UIScrollView) -> CGPoint {
        let range = scrollView.contentOffsetRange
        return CGPoint(x: min(max(offset.x, range.min.x), range.max.x), y: min(max(offset.y, range.min.y), range.max.y))
    }

    /// Moves the offset in `steps` equal steps, one per tick of a timer that exists only in the tracking mode,
    /// while the main run loop runs in that mode.
    private static func animateOffset(of scrollView: UIScrollView, from start: CGPoint, to end: CGPoint, steps: Int, interval: TimeInterval) {
        let progress = StepCounter()
        let timer = Timer(timeInterval: interval, repeats: true) { [weak scrollView] timer in
            let finished = MainActor.assumeIsolated {
                guard let scrollView else {
                    progress.count = steps
                    return true
                }
                progress.count += 1
                let fraction = CGFloat(progress.count) / CGFloat(steps)
                scrollView.contentOffset = CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
                return progress.count >= steps
            }
            if finished { timer.invalidate() }
        }
        RunLoop.main.add(timer, forMode: .tracking)
        let deadline = Date(timeIntervalSinceNow: interval * Double(steps) + 5)
        while progress.count < steps, Date() < deadline {
            _ = RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: interval))
        }
        timer.invalidate()
    }

    /// Counts a gesture's steps across the timer's `@Sendable` block; only touched on the main thread.
    private final class StepCounter: @unchecked Sendable {
        var count = 0
    }
}
