import Foundation

/// One instance of the app's user interface. HeadlessUIKit connects one ``UIWindowScene``
/// (``Headless/windowScene``); apps never create scenes themselves, as in UIKit. A scene launched through
/// ``Headless/launch(sceneBased:applicationDelegate:sceneDelegate:url:sourceApplication:)`` has the session
/// and the delegate that launch made.
@MainActor
open class UIScene: UIResponder {
    /// The session the scene belongs to: its role and the configuration it was created with.
    open internal(set) var session: UISceneSession
    /// The scene's delegate, kept strongly (as UIKit does: a scene delegate need not outlive its scene).
    open var delegate: (any UISceneDelegate)?
    /// The scene's place in the app's life cycle.
    open internal(set) var activationState: ActivationState = .foregroundActive
    /// The scene's title.
    open var title: String!

    init(activationState: ActivationState) {
        self.activationState = activationState
        session = UISceneSession(configuration: UISceneConfiguration(name: "Default Configuration", sessionRole: .windowApplication))
        super.init()
        session.scene = self
    }

    /// The application.
    open override var next: UIResponder? { UIApplication.shared }

    // MARK: - Notifications (object: the scene; nonisolated, as in UIKit)

    /// Posted when UIKit added a scene to the app, before it enters the foreground or the background.
    nonisolated public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    /// Posted when UIKit removed a scene from the app.
    nonisolated public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    /// Posted when the scene is on screen and responding to events.
    nonisolated public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    /// Posted when the scene is about to stop responding to events.
    nonisolated public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    /// Posted when the scene is about to run in the foreground and become visible.
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    /// Posted when the scene runs in the background and is no longer on screen.
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
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
