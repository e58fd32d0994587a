#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension AppFlowController: MainFlowControllerDelegate {
    // MARK: - Internal

    func mainFlowDidRequestLogout(_ flow: MainFlowController) {
        logOut()
        showLogin()
    }
}
