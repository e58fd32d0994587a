// README snippet: uikit-or-headless
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
// README snippet end
import Tracking

/// The app's delegate: it lives as long as the app, so it keeps the tracker.
// README snippet: start-a-tracker
final class AppDelegate: UIResponder, UIApplicationDelegate {
    // Keep the tracker as long as the app runs: it stops when released.
    let tracker = Tracker(writeKey: "YOUR_WRITE_KEY")

    func applicationDidFinishLaunching(_ application: UIApplication) {
        tracker.start()
    }
}
// README snippet end
