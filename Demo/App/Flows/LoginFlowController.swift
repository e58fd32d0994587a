#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours

/// Owns the signed-out part of the app: a navigation controller with the login form and, pushed over it,
/// the forgot-password form. Screens report to it through closures; it reports upward through its delegate.
final class LoginFlowController: UIViewController {
    // MARK: - Internal

    weak var delegate: (any LoginFlowControllerDelegate)?

    let navigation: UINavigationController
    let login = LoginViewController()

    init(dependencies: AppDependencies) {
        self.dependencies = dependencies
        navigation = UINavigationController(rootViewController: login)
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        login.onLogIn = { [weak self] username in self?.logIn(username: username) }
        login.onForgotPassword = { [weak self] in self?.showForgotPassword() }
        add(childController: navigation)
    }

    // MARK: - Private

    private let dependencies: AppDependencies

    private func logIn(username: String) {
        let user = dependencies.accounts.logIn(username: username)
        delegate?.loginFlow(self, didLogIn: user)
    }

    private func showForgotPassword() {
        let forgotPassword = ForgotPasswordViewController()
        forgotPassword.onSendLink = { [weak self] in
            _ = self?.navigation.popViewController(animated: true)
        }
        navigation.pushViewController(forgotPassword, animated: true)
    }
}
