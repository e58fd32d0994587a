#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import Tracking

/// A scripted tour of the sample app: launch, log in, scroll the feed, open a post, go back, present a page
/// sheet over the profile, take a screenshot, save, switch tabs, go to the background and back, log out.
/// Besides what the tracker scans, the app reports what no scan can see, as an app would: `identify` (with
/// traits) and `group` at login, `track` for saving the profile and for logging out, and `reset()` at logout.
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
        ("Launch", "screen_view login; the login button counts after the duration threshold"),
        ("Log in", "identify user-1 and group demo-team, then the app flow swaps in the main flow: screen_view feed, the four cards on screen count"),
        ("Scroll the feed", "no scans while the finger is down; then posts 5 to 8 count, post 4 was only scrolled past"),
        ("Open post 6", "screen_view post_detail#post-6 covers the feed; its like button counts"),
        ("Go back", "screen_view feed again: a new visibility span, so its cards count again"),
        ("Switch to the Profile tab", "screen_view profile; the avatar counts"),
        ("Present the edit-profile page sheet", "screen_view edit_profile; the opaque sheet occludes the profile"),
        ("Take a screenshot", "the ScreenshotDetector shows a share banner on the profile, under the sheet: not counted"),
        ("Save (dismisses the sheet)", "track profile_saved; screen_view profile again; the avatar and the share banner count"),
        ("Switch to the Settings tab", "screen_view settings; the logout button counts"),
        ("Background, then foreground", "no scans in the background, where the queue is uploaded inside a background task; back in front, settings is a new screen view"),
        ("Log out", "track logged_out, reset to a new anonymous id; the app flow swaps back to the login flow: screen_view login"),
    ].enumerated().map { index, step in
        DemoSessionStep(number: index + 1, title: step.0, expectation: step.1)
    }

    /// Runs the whole script. The app is left on the login screen, its tracker still running.
    /// - Throws: ``DemoSessionError`` when the app is not in the state a step needs.
    public func run() throws {
        try step(0) { app.launch() }
        try step(1) { driver.tap(try require(app.appFlow.loginFlow?.login.loginButton, "the login flow is not shown")) }
        try step(2) {
            let feed = try require(app.appFlow.mainFlow?.feed, "the main flow is not shown")
            driver.drag(feed.scrollView, by: CGPoint(x: 0, y: -5 * FeedViewController.rowHeight), duration: 0.6)
        }
        try step(3) {
            let cells = try require(app.appFlow.mainFlow?.feed.cells, "the main flow is not shown")
            driver.tap(try require(cells.count > 6 ? cells[6] : nil, "the feed has fewer than 7 posts"))
        }
        try step(4) {
            let navigation = try require(app.appFlow.mainFlow?.feedNavigation, "the main flow is not shown")
            _ = try require(navigation.popViewController(animated: true), "no post is pushed")
        }
        try step(5) {
            driver.tapTab(at: 1, in: try require(app.appFlow.mainFlow?.tabs, "the main flow is not shown"))
        }
        try step(6) {
            driver.tap(try require(app.appFlow.mainFlow?.profile.editButton, "the main flow is not shown"))
        }
        try step(7) { driver.takeScreenshot() }
        try step(8) {
            driver.tap(try require(app.appFlow.mainFlow?.editProfile?.saveButton, "the edit-profile sheet is not shown"))
        }
        try step(9) {
            driver.tapTab(at: 2, in: try require(app.appFlow.mainFlow?.tabs, "the main flow is not shown"))
        }
        try step(10) {
            driver.enterBackground()
            // No checkpoint here: the tracker ends every visibility span in the background and must not scan.
            driver.wait(dwell)
            driver.enterForeground()
        }
        try step(11) {
            driver.tap(try require(app.appFlow.mainFlow?.settings.logoutButton, "the main flow is not shown"))
        }
    }

    // MARK: - Private

    private let driver: any DemoSessionDriver
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
