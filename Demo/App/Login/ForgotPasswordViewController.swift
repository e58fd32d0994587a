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

    /// Called when the user asks support to get in touch. Nothing on screen answers: the request goes out
    /// silently, which a person sees as a tap that did nothing (a dead tap).
    var onContactSupport: (() -> Void)?

    private(set) lazy var supportButton = UIButton.demoButton(
        title: "Contact support", frame: .demoRow(y: 480, height: 56), color: .systemGray
    ) { [weak self] in
        self?.onContactSupport?()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        setUpDemoScreen(title: "Forgot password", trackingScreen: TrackingScreen(screenName: .forgotPassword))
        view.addSubview(UILabel.demoLabel("We'll email you a link", frame: .demoRow(y: 140, height: 40)))
        view.addSubview(sendLinkButton)
        supportButton.trackingElement = TrackingElement(elementType: .supportButton)
        view.addSubview(supportButton)
    }
}
