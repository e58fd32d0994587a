#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// The outside world of a ``DemoSession``: what a person and the system do to the app, and time passing.
///
/// The session itself is plain UIKit code; a driver supplies the gestures and system events, which UIKit
/// cannot fake. The headless demo drives HeadlessUIKit in real time; the tests drive it with a manual
/// tracking clock, so the same script produces exactly the same events every run.
@MainActor
public protocol DemoSessionDriver {
    /// Taps a control, as a finger would.
    func tap(_ control: UIControl)
    /// Taps the tab at `index` of the tab bar, as a finger would (the delegate is asked and told).
    func tapTab(at index: Int, in tabBarController: UITabBarController)
    /// Drags the scroll view's content by `translation` over `duration` seconds; the main run loop stays in
    /// `RunLoop.Mode.tracking` while the finger is down.
    func drag(_ scrollView: UIScrollView, by translation: CGPoint, duration: TimeInterval)
    /// Takes a screenshot (UIKit posts `userDidTakeScreenshotNotification` afterwards).
    func takeScreenshot()
    /// Sends the app to the background.
    func enterBackground()
    /// Brings the app back to the foreground.
    func enterForeground()
    /// Taps a point of a window as a finger does (for views that are not controls, such as SwiftUI's).
    /// - Parameters:
    ///   - point: Where to tap, in `window`'s coordinates.
    ///   - window: The window tapped.
    func tap(at point: CGPoint, in window: UIWindow)
    /// Lets pending layout and animated transitions finish.
    func settle()
    /// Lets `seconds` pass on the tracker's clock, with the main run loop running in `.default` so the
    /// tracker's scheduled scans run.
    func wait(_ seconds: TimeInterval)
}
