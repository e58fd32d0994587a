#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

extension UIViewController {
    // MARK: - Internal

    /// Gives a demo screen its title, the demo background and the screen its events are attributed to;
    /// called first in each screen's `viewDidLoad`.
    func setUpDemoScreen(title: String, trackingScreen screen: TrackingScreen) {
        self.title = title
        view.backgroundColor = .demoBackground
        trackingScreen = screen
    }
}
