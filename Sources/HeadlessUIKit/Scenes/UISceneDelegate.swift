import Foundation

/// The protocol of a scene's delegate: the methods UIKit calls as a scene connects, changes state and is
/// asked to open URLs.
///
/// Every member is optional in UIKit; here each is a requirement with a no-op default in an extension, so a
/// scene delegate implements only the ones it needs, with UIKit's exact signatures.
/// ``Headless/launch(sceneBased:applicationDelegate:sceneDelegate:url:sourceApplication:)``,
/// ``Headless/enterBackground()``, ``Headless/enterForeground()`` and ``Headless/open(_:sourceApplication:)``
/// call them in UIKit's order.
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    /// Tells the delegate that a scene was added to the app: where a scene-based app creates its window,
    /// and reads the URLs it was launched with from `connectionOptions`.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// Tells the delegate that UIKit removed the scene from the app.
    func sceneDidDisconnect(_ scene: UIScene)
    /// Tells the delegate that the scene became active and responds to events.
    func sceneDidBecomeActive(_ scene: UIScene)
    /// Tells the delegate that the scene is about to stop responding to events.
    func sceneWillResignActive(_ scene: UIScene)
    /// Tells the delegate that the scene is about to run in the foreground and become visible.
    func sceneWillEnterForeground(_ scene: UIScene)
    /// Tells the delegate that the scene runs in the background and is no longer on screen.
    func sceneDidEnterBackground(_ scene: UIScene)
    /// Asks the delegate to open URLs that arrived while the scene exists (a deep link tapped elsewhere).
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}

extension UISceneDelegate {
    /// Does nothing.
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    /// Does nothing.
    public func sceneDidDisconnect(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneWillResignActive(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    /// Does nothing.
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}
