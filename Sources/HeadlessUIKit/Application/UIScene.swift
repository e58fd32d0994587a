import Foundation

/// One instance of the app's user interface. HeadlessUIKit connects one ``UIWindowScene``
/// (``Headless/windowScene``); apps never create scenes themselves, as in UIKit.
@MainActor
open class UIScene: UIResponder {
    /// The scene's place in the app's life cycle.
    open internal(set) var activationState: ActivationState = .foregroundActive
    /// The scene's title.
    open var title: String!

    init(activationState: ActivationState) {
        self.activationState = activationState
        super.init()
    }

    /// The application.
    open override var next: UIResponder? { UIApplication.shared }
}

extension UIScene {
    /// A scene's place in the app's life cycle.
    public enum ActivationState: Int, Sendable {
        /// Not connected.
        case unattached = -1
        /// On screen and receiving events.
        case foregroundActive = 0
        /// On screen, not receiving events.
        case foregroundInactive = 1
        /// Off screen.
        case background = 2
    }
}
