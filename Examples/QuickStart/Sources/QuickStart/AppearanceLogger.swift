import Behaviours
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Behaviours' "Getting started": a behaviour that logs each appearance of its host.
// Snippet: appearance-logger
@MainActor
final class AppearanceLogger: ViewControllerLifecycleBehaviour {
    func afterAppearing(_ viewController: UIViewController) {
        print("on screen:", type(of: viewController))
    }
}
// Snippet end

/// Behaviours' "Getting started": a screen with two behaviours, one of them typed for this screen, which offers to
/// share what it shows after a screenshot.
final class ActivityViewController: UIViewController {
    /// Whether the share banner is on screen.
    private(set) var isShowingShareBanner = false

    /// Offers to share the activity the person took a screenshot of.
    func showShareBanner() {
        isShowingShareBanner = true
    }

    // Snippet: add-behaviours
    override func viewDidLoad() {
        super.viewDidLoad()
        add(behaviours: [
            AppearanceLogger(),
            ScreenshotDetector(host: ActivityViewController.self) { activity in activity.showShareBanner() },   // your controller and method
        ])
    }
    // Snippet end
}
