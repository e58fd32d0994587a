#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The delegate of a scene-based app: it creates the tracker when the app finishes launching (where the
/// lifecycle events begin) and keeps it as long as the app runs; its scenes get `DeepLinkSceneDelegate`.
// Snippet: tracker-app-delegate
final class TrackerAppDelegate: UIResponder, UIApplicationDelegate {
    /// The app's tracker, once the app has launched.
    private(set) var tracker: Tracker?
    /// What the tracker records and where it keeps its files (tests point it at a temporary directory).
    var configuration = TrackingConfiguration()
    /// Where the tracker delivers (tests point it at a collector on 127.0.0.1).
    var delivery = DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY")

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let tracker = Tracker(configuration: configuration, delivery: delivery)
        tracker.start()
        self.tracker = tracker
        return true
    }

    func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = DeepLinkSceneDelegate.self
        return configuration
    }
}
// Snippet end
