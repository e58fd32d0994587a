import Foundation

/// The classes and name UIKit creates a scene with: what an Info.plist scene manifest entry or the app
/// delegate's `application(_:configurationForConnecting:options:)` gives.
///
/// HeadlessUIKit cannot create a class by name or metatype on Linux (no Objective-C runtime), so
/// ``Headless/launch(sceneBased:applicationDelegate:sceneDelegate:url:sourceApplication:)`` takes the scene
/// delegate from its `sceneDelegate` closure and reports a diagnostic when ``delegateClass`` names another class.
@MainActor
open class UISceneConfiguration: NSObject {
    /// The configuration's name, as in the Info.plist's scene manifest.
    open private(set) var name: String?
    /// The role of the sessions the configuration is for.
    open private(set) var role: UISceneSession.Role
    /// The class of the scene to create; `nil` for the default scene class of the role.
    open var sceneClass: AnyClass?
    /// The class of the scene's delegate.
    open var delegateClass: AnyClass?

    /// Creates a configuration.
    /// - Parameters:
    ///   - name: The configuration's name, as in the Info.plist's scene manifest.
    ///   - sessionRole: The role of the sessions it is for.
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        self.role = sessionRole
        super.init()
    }
}
