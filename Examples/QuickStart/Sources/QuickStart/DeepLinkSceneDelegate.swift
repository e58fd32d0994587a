#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The window scene's delegate: it shows the home screen and hands every URL the app is asked to open to
/// the tracker (`Deep Link Opened`): the one that launched the app from the connection options, later ones
/// from `scene(_:openURLContexts:)`.
// Snippet: deep-link-scene-delegate
final class DeepLinkSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = HomeViewController()
        window.makeKeyAndVisible()
        self.window = window
        self.scene(scene, openURLContexts: connectionOptions.urlContexts)
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let tracker = (UIApplication.shared.delegate as? TrackerAppDelegate)?.tracker else { return }
        for context in URLContexts {
            tracker.openURL(context.url, referringApplication: context.options.sourceApplication)
        }
    }
}
// Snippet end
