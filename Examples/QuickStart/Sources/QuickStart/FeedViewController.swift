import Behaviours
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The feed: offers the app's share screen when the person takes a screenshot of it.
final class FeedViewController: UIViewController {
    // Snippet: behaviours
    override func viewDidLoad() {
        super.viewDidLoad()
        add(behaviours: [
            ScreenshotDetector(notificationCenter: .default) { host in
                host.present(ShareScreenshotViewController(), animated: true)   // your app's share screen
            },
        ])
    }
    // Snippet end
}
