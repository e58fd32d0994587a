#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The login form. It knows nothing about navigation: it reports taps to its flow through closures.
final class LoginViewController: UIViewController {
    // MARK: - Internal

    /// Called when the user taps "Log in", with the entered username.
    var onLogIn: ((String) -> Void)?
    /// Called when the user taps "Forgot password?".
    var onForgotPassword: (() -> Void)?

    private(set) lazy var loginButton = UIButton.demoButton(
        title: "Log in", frame: CGRect(x: 24, y: 400, width: 342, height: 56)
    ) { [weak self] in
        self?.onLogIn?("Ada")
    }

    private(set) lazy var forgotPasswordButton = UIButton.demoButton(
        title: "Forgot password?", frame: CGRect(x: 24, y: 472, width: 342, height: 44), color: .secondarySystemBackground
    ) { [weak self] in
        self?.onForgotPassword?()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Log in"
        view.backgroundColor = .systemBackground
        trackingScreen = TrackingScreen(screenName: .login)
        view.addSubview(UILabel.demoLabel("Welcome to Sightline", frame: CGRect(x: 24, y: 140, width: 342, height: 40)))
        view.addSubview(UILabel.demoLabel("username: ada", frame: CGRect(x: 24, y: 300, width: 342, height: 40)))
        loginButton.trackingElement = TrackingElement(elementType: .loginButton)
        view.addSubview(loginButton)
        view.addSubview(forgotPasswordButton)
    }
}
