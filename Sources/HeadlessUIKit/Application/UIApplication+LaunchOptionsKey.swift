import Foundation

extension UIApplication {
    /// The keys of the launch options dictionary passed to the app delegate's
    /// `application(_:willFinishLaunchingWithOptions:)` and `application(_:didFinishLaunchingWithOptions:)`.
    ///
    /// A scene-based app gets the URL it was launched with in its scene's `UIScene.ConnectionOptions`
    /// (``UIScene/ConnectionOptions/urlContexts``) instead; ``Headless/launch(sceneBased:applicationDelegate:sceneDelegate:url:sourceApplication:)``
    /// fills ``url`` and ``sourceApplication`` only for an app without scenes.
    public struct LaunchOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        /// The key's string value.
        public var rawValue: String

        /// Creates a key from its string value.
        /// - Parameter rawValue: The key's string value.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }
    }
}

extension UIApplication.LaunchOptionsKey {
    /// The launch options entry that holds the `URL` the app was launched to open.
    @available(iOS, introduced: 3.0, deprecated: 26.0, message: "Use UIScene lifecycle and UIScene.ConnectionOptions.URLContexts instead.")
    public static let url = UIApplication.LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")

    /// The launch options entry that holds the bundle identifier (a `String`) of the app that asked to open
    /// the URL.
    @available(iOS, introduced: 3.0, deprecated: 26.0, message: "Use UIScene lifecycle and UIScene.ConnectionOptions.sourceApplication instead.")
    public static let sourceApplication = UIApplication.LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
}
