#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import DemoApp
import Foundation
import Tracking

/// Drives the demo session through HeadlessUIKit in real time: the main run loop really runs (in
/// `.tracking` during the drag, in `.default` otherwise), so the tracker's scheduled scans happen as in an app.
@MainActor
final class HeadlessSessionDriver: DemoSessionDriver {
    // MARK: - Internal

    /// Whose scans are counted during a drag, to show that none ran.
    weak var tracker: Tracker?

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
        let scansBefore = tracker?.statistics.scanCount ?? 0
        Headless.drag(scrollView, by: translation, duration: duration)
        let scans = (tracker?.statistics.scanCount ?? 0) - scansBefore
        print("     (finger down for \(duration) s, run loop in tracking mode: \(scans) scans ran)")
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

    func settle() {
        Headless.settle()
    }

    func wait(_ seconds: TimeInterval) {
        Headless.runMainRunLoop(for: seconds)
    }
}
