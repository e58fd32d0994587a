#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import DemoApp
import Foundation
import TestSupport
import Tracking

/// Drives the demo session like the headless demo does, except that time on the tracker's clock passes only
/// in ``wait(_:)``, by exactly the requested amount. The main run loop still runs briefly there (and for the
/// whole drag, in tracking mode), so the tracker's scheduled scans happen too.
@MainActor
final class ManualClockSessionDriver: DemoSessionDriver {
    // MARK: - Internal

    let clock: ManualTrackingClock
    /// Set once the app exists: scans counted around each drag.
    weak var tracker: Tracker?
    /// For each drag, how many scans ran while the finger was down.
    private(set) var scansDuringDrags: [Int] = []

    init(clock: ManualTrackingClock) {
        self.clock = clock
    }

    func tap(_ control: UIControl) {
        Headless.tap(control)
    }

    func tap(at point: CGPoint, in window: UIWindow) {
        Headless.tap(at: point, in: window)
    }

    func tapTab(at index: Int, in tabBarController: UITabBarController) {
        Headless.tapTab(at: index, in: tabBarController)
    }

    func drag(_ scrollView: UIScrollView, by translation: CGPoint, duration: TimeInterval) {
        let before = tracker?.statistics.scanCount ?? 0
        // Long enough for several timer ticks at 10 scans a second, all of which must wait.
        Headless.drag(scrollView, by: translation, duration: 0.3)
        scansDuringDrags.append((tracker?.statistics.scanCount ?? 0) - before)
    }

    func takeScreenshot() {
        Headless.takeScreenshot()
    }

    func enterBackground() {
        Headless.enterBackground()
    }

    func enterForeground() {
        Headless.enterForeground()
    }

    /// Settles in `.tracking`, where the tracker's scan requests wait: no scheduled scan sees a transition
    /// half done, however long a busy machine takes to animate it, so the session's pictures are exact.
    /// The requests post in the next ``wait(_:)``.
    func settle() {
        Headless.settle(mode: .tracking)
    }

    func wait(_ seconds: TimeInterval) {
        clock.advance(by: seconds)
        guard let tracker, tracker.isRunning, UIApplication.shared.applicationState != .background else {
            // Nothing scans: the loop still turns for a tick's time or two, as it would in the app.
            MainRunLoop.run(throughTicks: 2, every: 0.1)
            return
        }
        // A scheduled scan at the new time, however long the busy machine takes to run one.
        let scans = tracker.statistics.scanCount
        MainRunLoop.run(until: { tracker.statistics.scanCount > scans })
    }
}
