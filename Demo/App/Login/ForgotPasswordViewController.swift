#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The forgot-password form, pushed by the login flow over the login form.
final class ForgotPasswordViewController: UIViewController {
    // MARK: - Internal

    /// Called when the user asks for a reset link.
    var onSendLink: (() -> Void)?

    private(set) lazy var sendLinkButton = UIButton.demoButton(
        title: "Send reset link", frame: .demoRow(y: 400, height: 56)
    ) { [weak self] in
        self?.onSendLink?()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        setUpDemoScreen(title: "Forgot password", trackingScreen: TrackingScreen(screenName: .forgotPassword))
        view.addSubview(UILabel.demoLabel("We'll email you a link", frame: .demoRow(y: 140, height: 40)))
        view.addSubview(sendLinkButton)
    }
}
