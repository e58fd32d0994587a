import Foundation

extension UIScene {
    /// Why UIKit created a scene: the URLs it was asked to open at launch, and which app asked.
    ///
    /// A scene-based app launched to open a URL gets it here, in `scene(_:willConnectTo:options:)`, and not
    /// through `scene(_:openURLContexts:)`, which UIKit calls only for URLs that arrive once the scene exists.
    @MainActor
    open class ConnectionOptions: NSObject {
        /// The URLs to open.
        open private(set) var urlContexts: Set<UIOpenURLContext>
        /// The bundle identifier of the app that asked to open the URLs, if it shares the app's team.
        open private(set) var sourceApplication: String?

        init(urlContexts: Set<UIOpenURLContext> = [], sourceApplication: String? = nil) {
            self.urlContexts = urlContexts
            self.sourceApplication = sourceApplication
            super.init()
        }
    }
}
