#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The settings tab. Logging out is the app's business, not this screen's: it only reports the tap.
final class SettingsViewController: UIViewController {
    // MARK: - Internal

    /// Called when the user taps "Log out".
    var onLogOut: (() -> Void)?

    private(set) lazy var logoutButton = UIButton.demoButton(
        title: "Log out", frame: CGRect(x: 24, y: 320, width: 342, height: 56), color: .systemRed
    ) { [weak self] in
        self?.onLogOut?()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        view.backgroundColor = .systemBackground
        trackingScreen = TrackingScreen(screenName: .settings)
        view.addSubview(UILabel.demoLabel("Notifications: on", frame: CGRect(x: 24, y: 140, width: 342, height: 40)))
        logoutButton.trackingElement = TrackingElement(elementType: .logoutButton)
        view.addSubview(logoutButton)
    }
}
