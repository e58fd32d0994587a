#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension AppFlowController: LoginFlowControllerDelegate {
    // MARK: - Internal

    func loginFlow(_ flow: LoginFlowController, didLogIn user: User) {
        showMain(for: user)
    }
}
