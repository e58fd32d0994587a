// Snippet: uikit-or-headless
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
// Snippet end
import Tracking

/// The app's delegate: it lives as long as the app, so it keeps the tracker.
// Snippet: start-a-tracker
final class AppDelegate: UIResponder, UIApplicationDelegate {
    // Keep the tracker as long as the app runs: it stops when released.
    let tracker = Tracker(writeKey: "YOUR_WRITE_KEY")

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        tracker.start()
        return true
    }
}
// Snippet end
