import Foundation

extension UIScene {
    /// How a URL came to be opened: which app asked, and whether the file is opened in place.
    @MainActor
    open class OpenURLOptions: NSObject {
        /// The bundle identifier of the app that asked to open the URL, if it shares the app's team.
        open private(set) var sourceApplication: String?
        /// The annotation the asking app supplied.
        open private(set) var annotation: Any?
        /// Whether a file URL is to be opened in place rather than copied.
        open private(set) var openInPlace: Bool

        init(sourceApplication: String? = nil, annotation: Any? = nil, openInPlace: Bool = false) {
            self.sourceApplication = sourceApplication
            self.annotation = annotation
            self.openInPlace = openInPlace
            super.init()
        }
    }
}
