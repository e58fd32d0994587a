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
        title: "Log in", frame: .demoRow(y: 400, height: 56)
    ) { [weak self] in
        self?.onLogIn?("Ada")
    }

    private(set) lazy var forgotPasswordButton = UIButton.demoButton(
        title: "Forgot password?", frame: .demoRow(y: 472, height: 44), color: .demoSecondaryBackground
    ) { [weak self] in
        self?.onForgotPassword?()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        setUpDemoScreen(title: "Log in", trackingScreen: TrackingScreen(screenName: .login))
        view.addSubview(UILabel.demoLabel("Welcome to Sightline", frame: .demoRow(y: 140, height: 40)))
        view.addSubview(UILabel.demoLabel("username: ada", frame: .demoRow(y: 300, height: 40)))
        loginButton.trackingElement = TrackingElement(elementType: .loginButton)
        view.addSubview(loginButton)
        view.addSubview(forgotPasswordButton)
    }
}
