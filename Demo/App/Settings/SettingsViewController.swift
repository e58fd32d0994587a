#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The settings tab. Logging out is the app's business, not this screen's: it only reports the tap. Where
/// SwiftUI exists it also offers the SwiftUI about screen (the headless demo keeps its UIKit path).
final class SettingsViewController: UIViewController {
    // MARK: - Internal

    /// Called when the user taps "Log out".
    var onLogOut: (() -> Void)?

    private(set) lazy var logoutButton = UIButton.demoButton(
        title: "Log out", frame: .demoRow(y: 320, height: 56), color: .systemRed
    ) { [weak self] in
        self?.onLogOut?()
    }

    /// Called when the user taps "About" (shown where SwiftUI exists).
    var onShowAbout: (() -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        setUpDemoScreen(title: "Settings", trackingScreen: TrackingScreen(screenName: .settings))
        view.addSubview(UILabel.demoLabel("Notifications: on", frame: .demoRow(y: 140, height: 40)))
        logoutButton.trackingElement = TrackingElement(elementType: .logoutButton)
        view.addSubview(logoutButton)
        #if canImport(SwiftUI) && canImport(UIKit)
        view.addSubview(UIButton.demoButton(title: "About", frame: .demoRow(y: 240, height: 56)) { [weak self] in
            self?.onShowAbout?()
        })
        #endif
    }
}
