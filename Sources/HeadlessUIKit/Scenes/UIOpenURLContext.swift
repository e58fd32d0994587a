import Foundation

/// A URL a scene is asked to open, and how it came to be opened.
@MainActor
open class UIOpenURLContext: NSObject {
    /// The URL to open.
    open private(set) var url: URL
    /// Which app asked to open it, and how.
    open private(set) var options: UIScene.OpenURLOptions

    init(url: URL, options: UIScene.OpenURLOptions) {
        self.url = url
        self.options = options
        super.init()
    }
}
