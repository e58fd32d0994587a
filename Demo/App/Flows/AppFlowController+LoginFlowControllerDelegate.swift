#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension AppFlowController: LoginFlowControllerDelegate {
    // MARK: - Internal

    func loginFlow(_ flow: LoginFlowController, didLogIn user: User) {
        // Before the main flow appears, so its first screen view already carries the user id.
        analytics.identify(userID: user.id, traits: ["display_name": .string(user.displayName)])
        analytics.group("demo-team", traits: ["name": "Demo team"])
        showMain(for: user)
    }
}
