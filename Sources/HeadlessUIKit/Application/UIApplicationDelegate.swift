import Foundation

/// The app delegate's protocol: the methods UIKit calls as the app launches and changes state.
///
/// Every member is optional in UIKit; here each is a requirement with a default in an extension (launch
/// methods return `true`, the others do nothing), so an app delegate implements only the ones it needs,
/// with UIKit's exact signatures. ``Headless/launch(sceneBased:applicationDelegate:sceneDelegate:url:sourceApplication:)``
/// calls them in UIKit's order; the lighter ``Headless/launch(sceneBased:didFinishLaunching:)`` calls none.
///
/// - Important: As with any Swift protocol default, a subclass's implementation is called only when the
///   class that declares the conformance implements the method too.
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    /// The app's window, when the app does not use scenes.
    var window: UIWindow? { get set }

    /// Tells the delegate that the launch process has begun but that state restoration has not yet occurred.
    /// - Returns: `false` when the app cannot handle the URL resource or user activity it was launched for.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool

    /// Tells the delegate that the launch process is almost done and the app is almost ready to run: where
    /// an app creates its tracker.
    /// - Returns: `false` when the app cannot handle the URL resource or user activity it was launched for.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool

    /// Tells the delegate that the app has become active (apps without scenes only).
    @available(iOS, introduced: 2.0, deprecated: 26.0, message: "Use UIScene lifecycle and sceneDidBecomeActive(_:) from UISceneDelegate or the UIApplication.didBecomeActiveNotification instead.")
    func applicationDidBecomeActive(_ application: UIApplication)

    /// Tells the delegate that the app is about to become inactive (apps without scenes only).
    @available(iOS, introduced: 2.0, deprecated: 26.0, message: "Use UIScene lifecycle and sceneWillResignActive(_:) from UISceneDelegate or the UIApplication.willResignActiveNotification instead.")
    func applicationWillResignActive(_ application: UIApplication)

    /// Tells the delegate that the app is now in the background (apps without scenes only).
    @available(iOS, introduced: 4.0, deprecated: 26.0, message: "Use UIScene lifecycle and sceneDidEnterBackground(_:) from UISceneDelegate or the UIApplication.didEnterBackgroundNotification instead.")
    func applicationDidEnterBackground(_ application: UIApplication)

    /// Tells the delegate that the app is about to enter the foreground (apps without scenes only).
    @available(iOS, introduced: 4.0, deprecated: 26.0, message: "Use UIScene lifecycle and sceneWillEnterForeground(_:) from UISceneDelegate or the UIApplication.willEnterForegroundNotification instead.")
    func applicationWillEnterForeground(_ application: UIApplication)

    /// Tells the delegate that the app is about to terminate. HeadlessUIKit never calls it.
    func applicationWillTerminate(_ application: UIApplication)

    /// Returns the configuration of a scene UIKit is about to create.
    ///
    /// Without it, UIKit takes the configuration from the Info.plist's scene manifest; HeadlessUIKit's
    /// default answers a `"Default Configuration"` for the session's role, with no delegate class.
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration

    /// Tells the delegate that the person closed scenes in the app switcher. HeadlessUIKit never calls it.
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
}

extension UIApplicationDelegate {
    /// No window: a scene-based app keeps its windows in its scene delegates.
    public var window: UIWindow? {
        get { nil }
        set {}
    }

    /// Returns `true`.
    public func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    /// Returns `true`.
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    /// Does nothing.
    public func applicationDidBecomeActive(_ application: UIApplication) {}

    /// Does nothing.
    public func applicationWillResignActive(_ application: UIApplication) {}

    /// Does nothing.
    public func applicationDidEnterBackground(_ application: UIApplication) {}

    /// Does nothing.
    public func applicationWillEnterForeground(_ application: UIApplication) {}

    /// Does nothing.
    public func applicationWillTerminate(_ application: UIApplication) {}

    /// A `"Default Configuration"` for the session's role, with no delegate class (what an Info.plist
    /// scene manifest without a delegate class name gives).
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    /// Does nothing.
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
}
