#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The README's scene delegate: it passes every URL the app is asked to open to the tracker that the README's
/// `AppDelegate` keeps.
// Snippet: scene-delegate-deep-links
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let tracker = (UIApplication.shared.delegate as? AppDelegate)?.tracker else { return }
        for context in URLContexts {
            tracker.openURL(context.url, referringApplication: context.options.sourceApplication)
        }
    }
}
// Snippet end
