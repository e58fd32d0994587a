#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import Tracking

/// The window's root: shows the login flow or the main flow, and swaps them when the session changes.
///
/// Flows are plain view controllers embedded with Behaviours' `add(childController:)` and
/// `remove(childController:)`; each child flow talks back through a delegate.
public final class AppFlowController: UIViewController {
    // MARK: - Public

    /// Creates the app flow with the app's dependencies.
    public init(dependencies: AppDependencies) {
        self.dependencies = dependencies
        super.init(nibName: nil, bundle: nil)
    }

    /// Not supported: the app flow is built in code by the composition root.
    @available(*, unavailable)
    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    /// Shows the main flow when a user is signed in, else the login flow.
    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .demoBackground
        if let user = dependencies.accounts.currentUser {
            showMain(for: user)
        } else {
            showLogin()
        }
    }

    // MARK: - Internal

    /// The login flow while it is shown.
    private(set) var loginFlow: LoginFlowController?
    /// The main flow while it is shown.
    private(set) var mainFlow: MainFlowController?

    /// The analytics client the app reports explicit events to.
    var analytics: Tracker { dependencies.analytics }

    /// Ends the session: records the log-out for the user, then forgets who they were, so the login screen
    /// that follows is an anonymous visitor's.
    func logOut() {
        analytics.track(.loggedOut)
        dependencies.accounts.logOut()
        analytics.reset()
    }

    /// Replaces whatever flow is shown with a new login flow.
    func showLogin() {
        let flow = LoginFlowController(dependencies: dependencies)
        flow.delegate = self
        replaceCurrentFlow(with: flow)
        loginFlow = flow
    }

    /// Replaces whatever flow is shown with a new main flow for `user`.
    func showMain(for user: User) {
        let flow = MainFlowController(dependencies: dependencies, user: user)
        flow.delegate = self
        replaceCurrentFlow(with: flow)
        mainFlow = flow
    }

    // MARK: - Private

    private let dependencies: AppDependencies

    /// Adds the new flow before removing the old one, so the window never shows an empty frame.
    private func replaceCurrentFlow(with flow: UIViewController) {
        let previous: UIViewController? = loginFlow ?? mainFlow
        add(childController: flow)
        if let previous {
            remove(childController: previous)
        }
        loginFlow = nil
        mainFlow = nil
    }
}
