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
        title: "Send reset link", frame: CGRect(x: 24, y: 400, width: 342, height: 56)
    ) { [weak self] in
        self?.onSendLink?()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Forgot password"
        view.backgroundColor = .systemBackground
        trackingScreen = TrackingScreen(screenName: .forgotPassword)
        view.addSubview(UILabel.demoLabel("We'll email you a link", frame: CGRect(x: 24, y: 140, width: 342, height: 40)))
        view.addSubview(sendLinkButton)
    }
}
