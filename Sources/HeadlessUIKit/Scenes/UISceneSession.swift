import Foundation

/// A scene's place in the system: its role, its configuration, and the scene connected to it.
///
/// UIKit creates sessions; HeadlessUIKit creates one per connected scene (``Headless/launch(sceneBased:applicationDelegate:sceneDelegate:url:sourceApplication:)``).
@MainActor
open class UISceneSession: NSObject {
    /// The scene connected to the session, if any.
    open internal(set) weak var scene: UIScene?
    /// The session's role.
    open var role: UISceneSession.Role { configuration.role }
    /// The configuration the scene was created with.
    open internal(set) var configuration: UISceneConfiguration
    /// A unique identifier that persists for the session's lifetime.
    open private(set) var persistentIdentifier: String
    /// Data the app associates with the session.
    open var userInfo: [String: Any]?

    init(configuration: UISceneConfiguration, persistentIdentifier: String = UUID().uuidString) {
        self.configuration = configuration
        self.persistentIdentifier = persistentIdentifier
        super.init()
    }
}
