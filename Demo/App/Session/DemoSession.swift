#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import Tracking

/// A scripted tour of the sample app: launch, log in, scroll the feed, open a post, tap its like button four
/// times quickly, go back, present a page sheet over the profile, take a screenshot, save, switch tabs, go to
/// the background and back, log out, time the login screen both ways across a trip to the background, open
/// a newsletter's deep link, tap a button that shows nothing, and (where SwiftUI exists) tap a row of the
/// SwiftUI about screen. Every tap is a real touch through hit-testing, so the tracker also records an
/// `Element Tapped` (with the finger's position) for each tap on a tracked control, one `Rage Tap` for the
/// quick taps, and one `Dead Tap` for the button that shows nothing (when the app's tracker captures dead
/// taps, as the demo's does).
/// Besides what the tracker scans, the app reports what no scan can see, as an app would: `identify` (with
/// traits) and `group` at login, `track` for saving the profile and for logging out, and `reset()` at logout.
/// The tracker records the application's lifecycle on its own (`Application Installed` and `Opened` at launch,
/// `Backgrounded` and `Opened` again around the background step) and `Deep Link Opened` when the app opens a
/// link.
///
/// After every step the session lets layout and transitions finish, scans once (a *checkpoint*), lets
/// ``dwell`` seconds pass on the tracker's clock, and scans once more. The tracker's own scheduled scans
/// run meanwhile; the checkpoints make the outcome independent of when those happen:
/// - every state the script reaches is scanned at the moment it is reached and again after the dwell, so
///   every screen view is recorded at the first checkpoint at the latest, and every impression (the dwell
///   is longer than the duration threshold) at the second;
/// - UIKit's transitions put the incoming content on top before the outgoing content leaves, so a
///   scheduled scan in the middle of a transition never sees a view vanish and come back;
/// - with a manual clock that only ``DemoSessionDriver/wait(_:)`` advances, a view seen only during a
///   transition is visible for zero seconds and never counts.
///
/// ```swift
/// let session = DemoSession(app: app, driver: driver)
/// session.onStep = { step in print("▶", step) }
/// try session.run()
/// ```
@MainActor
public final class DemoSession {
    // MARK: - Public

    /// The app under the script.
    public let app: SampleApp
    /// Seconds spent in each state, on the tracker's clock: longer than the tracker's
    /// `minimumVisibleDuration`, so whatever stays on screen counts.
    public let dwell: TimeInterval
    /// Called as each step begins.
    public var onStep: ((DemoSessionStep) -> Void)?
    /// Called after each checkpoint scan, with the events it delivered.
    public var onCheckpoint: (([TrackingEvent]) -> Void)?
    /// Called in step 14 with the login screen's time measured both ways.
    public var onScreenTime: ((ScreenTimeComparison) -> Void)?
    /// The login screen's time measured both ways in step 14, once it ran.
    public private(set) var screenTimeComparison: ScreenTimeComparison?

    /// Creates a session; nothing happens until ``run()``.
    /// - Parameters:
    ///   - app: A freshly built, not yet launched app.
    ///   - driver: Gestures, system events and time.
    ///   - dwell: Seconds spent in each state; default 0.5.
    public init(app: SampleApp, driver: any DemoSessionDriver, dwell: TimeInterval = 0.5) {
        self.app = app
        self.driver = driver
        self.dwell = dwell
    }

    /// The script's steps, in order.
    public static let steps: [DemoSessionStep] = [
        ("Launch", "Application Installed and Application Opened (from_background false); screen_view login; the login button counts after the duration threshold"),
        ("Log in", "identify user-1 and group demo-team, then the app flow swaps in the main flow: screen_view feed, the four cards on screen count"),
        ("Scroll the feed", "no scans while the finger is down; then posts 5 to 8 count, post 4 was only scrolled past"),
        ("Open post 6", "screen_view post_detail#post-6 covers the feed; its like button counts"),
        ("Tap Like four times quickly", "four taps on like_button#post-6 and, with the fourth, one rage_tap (4 taps within 1 s and 44 pt)"),
        ("Go back", "screen_view feed again: a new visibility span, so its cards count again"),
        ("Switch to the Profile tab", "screen_view profile; the avatar counts"),
        ("Present the edit-profile page sheet", "screen_view edit_profile; the opaque sheet occludes the profile"),
        ("Take a screenshot", "the ScreenshotDetector shows a share banner on the profile, under the sheet: not counted"),
        ("Save (dismisses the sheet)", "track profile_saved; screen_view profile again; the avatar and the share banner count"),
        ("Switch to the Settings tab", "screen_view settings; the logout button counts"),
        ("Background, then foreground", "Application Backgrounded; no scans in the background, where the queue is uploaded inside a background task; back in front, Application Opened (from_background true) and settings is a new screen view"),
        ("Log out", "track logged_out, reset to a new anonymous id; the app flow swaps back to the login flow: screen_view login"),
        ("Leave login in the background for 2 s, come back, open Forgot password",
         "Screen Ended login at the move to the background, visible_ms = its time in front; a viewDidAppear→viewDidDisappear "
            + "timer on the same clock also counts the 2 s in the background, as it would the time under a page sheet, since "
            + "UIKit calls viewDidDisappear for neither; screen_view forgot_password"),
        ("Open a newsletter link", "Deep Link Opened with the post's URL, without its credentials, sign-in token and fragment"),
        ("Tap Contact support (its request goes out silently)",
         "Element Tapped support_button with its position; nothing visible changes within 0.5 s, so a Dead Tap at the same place"),
        ("Open About and tap a topic (SwiftUI)", DemoSession.swiftUIExpectation),
    ].enumerated().map { index, step in
        DemoSessionStep(number: index + 1, title: step.0, expectation: step.1)
    }

    /// Runs the whole script. The app is left on the forgot-password screen (under the about screen where
    /// SwiftUI exists), its tracker still running.
    /// - Throws: ``DemoSessionError`` when the app is not in the state a step needs.
    public func run() throws {
        try step(0) { app.launch() }
        try step(1) { driver.tap(try require(app.appFlow.loginFlow?.login.loginButton, "the login flow is not shown")) }
        try step(2) {
            let feed = try require(app.appFlow.mainFlow?.feed, "the main flow is not shown")
            driver.drag(feed.scrollView, by: CGPoint(x: 0, y: -5 * FeedViewController.rowHeight), duration: 0.6)
        }
        try step(3) {
            let feed = try require(app.appFlow.mainFlow?.feed, "the main flow is not shown")
            driver.tap(try require(feed.card(atRow: 6), "post 7 is not on screen"))
        }
        try step(4) {
            let detail = app.appFlow.mainFlow?.feedNavigation.topViewController as? PostDetailViewController
            let like = try require(detail?.likeButton, "no post is pushed")
            // Four real taps at one place, one right after the other: within the rage-tap rule (4 taps, 1 s, 44 pt).
            for _ in 0..<4 { driver.tap(like) }
        }
        try step(5) {
            let navigation = try require(app.appFlow.mainFlow?.feedNavigation, "the main flow is not shown")
            _ = try require(navigation.popViewController(animated: true), "no post is pushed")
        }
        try step(6) {
            driver.tapTab(at: 1, in: try require(app.appFlow.mainFlow?.tabs, "the main flow is not shown"))
        }
        try step(7) {
            driver.tap(try require(app.appFlow.mainFlow?.profile.editButton, "the main flow is not shown"))
        }
        try step(8) { driver.takeScreenshot() }
        try step(9) {
            driver.tap(try require(app.appFlow.mainFlow?.editProfile?.saveButton, "the edit-profile sheet is not shown"))
        }
        try step(10) {
            driver.tapTab(at: 2, in: try require(app.appFlow.mainFlow?.tabs, "the main flow is not shown"))
        }
        try step(11) {
            driver.enterBackground()
            // No checkpoint here: the tracker ends every visibility span in the background and must not scan.
            driver.wait(dwell)
            driver.enterForeground()
        }
        try step(12) {
            driver.tap(try require(app.appFlow.mainFlow?.settings.logoutButton, "the main flow is not shown"))
            // Times the new login screen from its viewDidAppear (now, or caught up now) for step 14.
            try require(app.appFlow.loginFlow?.login, "the login flow is not shown").add(behaviours: [loginTimer])
        }
        try step(13) {
            let login = try require(app.appFlow.loginFlow?.login, "the login flow is not shown")
            let endsBefore = app.screenEnds.events.count
            driver.enterBackground()
            driver.wait(Self.backgroundStint)
            driver.enterForeground()
            driver.tap(login.forgotPasswordButton)
            driver.settle()
            let appeared = try require(loginTimer.lastAppearance, "the login screen did not disappear")
            let visible = app.screenEnds.events.dropFirst(endsBefore).filter { $0.screen?.screenName == .login }
            let comparison = ScreenTimeComparison(
                screen: TrackingScreenName.login.rawValue,
                visibleMilliseconds: visible.map { Int((($0.visibleDuration ?? 0) * 1000).rounded()) },
                appearedMilliseconds: Int((appeared * 1000).rounded())
            )
            screenTimeComparison = comparison
            onScreenTime?(comparison)
        }
        try step(14) {
            app.open(DemoLinks.newsletterPost("post-6", signInToken: "one-time-7f3a"), referringApplication: "com.apple.mobilemail")
        }
        try step(15) {
            let navigation = try require(app.appFlow.loginFlow?.navigation, "the login flow is not shown")
            let forgotPassword = try require(navigation.topViewController as? ForgotPasswordViewController, "forgot password is not shown")
            driver.tap(forgotPassword.supportButton)
            // Past the dead-tap interval before anything else happens: another tap would cancel the check.
            driver.wait(Self.deadTapWait)
        }
        try step(16) { try tapSwiftUITopic() }
    }

    // MARK: - Private

    private let driver: any DemoSessionDriver
    /// Seconds in the background in step 14: long beside ``dwell``, short for a demo run in real time.
    private static let backgroundStint: TimeInterval = 2
    /// Seconds to wait after the dead tap: past the tracker's default dead-tap interval (0.5 s).
    private static let deadTapWait: TimeInterval = 0.6

    #if canImport(SwiftUI) && canImport(UIKit)
    private static let swiftUIExpectation =
        "screen_view about; Element Tapped about_topic#Privacy on about (a SwiftUI row: its anchor takes no touches, the "
        + "hosting view does; not judged for dead taps)"
    #else
    private static let swiftUIExpectation =
        "skipped: this platform has no SwiftUI (HeadlessUIKit on Linux); where SwiftUI exists, screen_view about and "
        + "Element Tapped about_topic#Privacy on about"
    #endif

    /// Step 17: where SwiftUI exists, presents the about screen over forgot password and taps its "Privacy" row where
    /// its tracked anchor lies (a SwiftUI view is no control to tap); elsewhere nothing.
    private func tapSwiftUITopic() throws {
        #if canImport(SwiftUI) && canImport(UIKit)
        let navigation = try require(app.appFlow.loginFlow?.navigation, "the login flow is not shown")
        let about = AboutScreen.make { [weak navigation] in navigation?.dismiss(animated: true) }
        navigation.present(about, animated: true)
        driver.settle()
        let row = try require(Self.view(in: about.view) { $0.trackingElement?.identifier == "Privacy" }, "no Privacy row")
        let window = try require(row.window, "the about screen is not in a window")
        driver.tap(at: row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: nil), in: window)
        #endif
    }

    /// The first view at or under `root`, breadth-first, for which `matches` holds.
    private static func view(in root: UIView, where matches: (UIView) -> Bool) -> UIView? {
        var queue = [root]
        var index = 0
        while index < queue.count {
            let view = queue[index]
            if matches(view) { return view }
            queue += view.subviews
            index += 1
        }
        return nil
    }
    private lazy var loginTimer = AppearanceTimer(clock: app.clock)
    private var current = DemoSession.steps[0]

    /// Runs one step: announce, act, settle, checkpoint, dwell, checkpoint.
    private func step(_ index: Int, _ action: () throws -> Void) throws {
        current = Self.steps[index]
        onStep?(current)
        try action()
        driver.settle()
        checkpoint()
        driver.wait(dwell)
        checkpoint()
    }

    private func checkpoint() {
        let events = app.tracker.scanNow()
        onCheckpoint?(events)
    }

    private func require<Value>(_ value: Value?, _ reason: String) throws -> Value {
        guard let value else { throw DemoSessionError(step: current, reason: reason) }
        return value
    }
}
