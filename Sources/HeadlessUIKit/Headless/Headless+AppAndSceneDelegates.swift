import Foundation

extension Headless {
    // MARK: - App and scene delegates

    /// Launches the app as UIKit's `UIApplicationMain` does at a cold start, calling `applicationDelegate`
    /// and, for a scene-based app, the scene delegate `sceneDelegate` makes, in UIKit's order.
    ///
    /// The app is `.inactive` and its scene `.unattached` while the app delegate's
    /// `application(_:willFinishLaunchingWithOptions:)` and `application(_:didFinishLaunchingWithOptions:)`
    /// run, then `UIApplication.didFinishLaunchingNotification` is posted. A scene-based app (the default)
    /// then connects ``windowScene``: a ``UISceneSession`` with the ``UISceneSession/Role/windowApplication``
    /// role; the app delegate's `application(_:configurationForConnecting:options:)`; the scene delegate's
    /// `scene(_:willConnectTo:options:)` (with the launch URL, if any, in the options' `urlContexts`), then
    /// `UIScene.willConnectNotification`; `sceneWillEnterForeground(_:)`, then
    /// `UIScene.willEnterForegroundNotification` and `UIApplication.willEnterForegroundNotification`; the
    /// scene becomes `.foregroundActive`, `sceneDidBecomeActive(_:)`, then `UIScene.didActivateNotification`;
    /// the app becomes `.active` and `UIApplication.didBecomeActiveNotification` is posted. An app without
    /// scenes gets the launch URL in its launch options (`.url`, `.sourceApplication`), then, once active,
    /// `applicationDidBecomeActive(_:)` and `UIApplication.didBecomeActiveNotification`.
    ///
    /// Headless keeps both delegates alive (as `UIApplicationMain` and the scene do) until ``reset()``. Later
    /// ``enterBackground()`` and ``enterForeground()`` call the scene delegate (or, without scenes, the app
    /// delegate) too; ``open(_:sourceApplication:)`` delivers a URL to the scene delegate. See
    /// `docs/uikit-semantics/app-and-scene-delegates.md` for the sources of each step.
    ///
    /// ```swift
    /// Headless.reset()
    /// Headless.launch(applicationDelegate: AppDelegate(), sceneDelegate: { SceneDelegate() })
    /// ```
    /// - Parameters:
    ///   - sceneBased: Whether the app adopts the scene life cycle (a scene manifest), as new apps do.
    ///   - applicationDelegate: The app delegate (`UIApplication.shared.delegate` from now on).
    ///   - sceneDelegate: Makes the scene's delegate: what UIKit creates from the configuration's
    ///     `delegateClass` (HeadlessUIKit cannot create a class from its metatype on Linux). `nil` for a scene
    ///     without a delegate; ignored without scenes.
    ///   - url: The URL that launched the app, if any (a deep link tapped while it was not running).
    ///   - sourceApplication: The bundle identifier of the app that asked to open `url`.
    public static func launch(
        sceneBased: Bool = true,
        applicationDelegate: any UIApplicationDelegate,
        sceneDelegate: (() -> any UISceneDelegate)? = nil,
        url: URL? = nil,
        sourceApplication: String? = nil
    ) {
        launchedDelegate = applicationDelegate
        UIApplication.shared.delegate = applicationDelegate
        performLaunch(
            sceneBased: sceneBased, applicationDelegate: applicationDelegate, makeSceneDelegate: sceneDelegate,
            url: url, sourceApplication: sourceApplication, didFinishLaunching: {}
        )
    }

    /// Asks the app to open `url` as UIKit does when a deep link is opened while the app runs: the window
    /// scene's delegate gets `scene(_:openURLContexts:)` with one ``UIOpenURLContext``.
    ///
    /// An app in the background returns to the foreground (as ``enterForeground()``) and gets the URL once
    /// the scene and the application posted their `willEnterForeground` notifications, before the scene
    /// becomes active: a tracker's `Application Opened` then carries the URL that brought the app back. An
    /// active app gets it at once. Without a scene delegate nothing is delivered and a diagnostic says so
    /// (apps without scenes get URLs through the app delegate's deprecated
    /// `application(_:open:options:)`, which HeadlessUIKit does not model).
    /// - Parameters:
    ///   - url: The URL to open.
    ///   - sourceApplication: The bundle identifier of the app that asked to open it.
    public static func open(_ url: URL, sourceApplication: String? = nil) {
        let scene = windowScene
        guard let delegate = scene.delegate else {
            HeadlessDiagnostics.report("Headless.open: the window scene has no delegate (launch with a sceneDelegate), so no scene(_:openURLContexts:) was called.")
            return
        }
        let context = UIOpenURLContext(url: url, options: UIScene.OpenURLOptions(sourceApplication: sourceApplication))
        enterForeground(beforeActivation: { delegate.scene(scene, openURLContexts: [context]) })
    }

    // MARK: - Internal

    /// Whether the last launch adopted the scene life cycle: only an app without scenes hears about state
    /// changes through its app delegate.
    static var launchedWithoutScenes = false

    /// The launch shared by both `launch` methods.
    static func performLaunch(
        sceneBased: Bool,
        applicationDelegate: (any UIApplicationDelegate)?,
        makeSceneDelegate: (() -> any UISceneDelegate)?,
        url: URL?,
        sourceApplication: String?,
        didFinishLaunching: () -> Void
    ) {
        let application = UIApplication.shared
        let scene = windowScene
        launchedWithoutScenes = !sceneBased
        application.applicationState = .inactive
        scene.activationState = .unattached
        var launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        if !sceneBased, let url {
            launchOptions = [UIApplication.LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey"): url]
            if let sourceApplication {
                launchOptions?[UIApplication.LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")] = sourceApplication
            }
        }
        _ = applicationDelegate?.application(application, willFinishLaunchingWithOptions: launchOptions)
        _ = applicationDelegate?.application(application, didFinishLaunchingWithOptions: launchOptions)
        didFinishLaunching()
        postApplication(UIApplication.didFinishLaunchingNotification)
        if sceneBased {
            connect(
                scene, applicationDelegate: applicationDelegate, makeSceneDelegate: makeSceneDelegate,
                url: url, sourceApplication: sourceApplication
            )
        } else {
            scene.activationState = .foregroundActive
        }
        application.applicationState = .active
        if !sceneBased { applicationDelegate?.applicationDidBecomeActive(application) }
        postApplication(UIApplication.didBecomeActiveNotification)
    }

    /// Forgets the delegates of the last launch.
    static func resetDelegates() {
        for scene in UIApplication.shared.connectedScenes { scene.delegate = nil }
        if UIApplication.shared.delegate === launchedDelegate { UIApplication.shared.delegate = nil }
        launchedDelegate = nil
        launchedWithoutScenes = false
    }

    // MARK: - Private

    /// The app delegate of the last launch, kept alive as `UIApplicationMain` does (`delegate` is weak).
    private static var launchedDelegate: (any UIApplicationDelegate)?

    /// Connects `scene` up to `.foregroundActive`: session, configuration, delegate, foreground, activation.
    private static func connect(
        _ scene: UIWindowScene,
        applicationDelegate: (any UIApplicationDelegate)?,
        makeSceneDelegate: (() -> any UISceneDelegate)?,
        url: URL?,
        sourceApplication: String?
    ) {
        let urlContexts = url.map { url in
            Set([UIOpenURLContext(url: url, options: UIScene.OpenURLOptions(sourceApplication: sourceApplication))])
        } ?? []
        let options = UIScene.ConnectionOptions(urlContexts: urlContexts, sourceApplication: url == nil ? nil : sourceApplication)
        let session = UISceneSession(configuration: UISceneConfiguration(name: "Default Configuration", sessionRole: .windowApplication))
        if let applicationDelegate {
            session.configuration = applicationDelegate.application(UIApplication.shared, configurationForConnecting: session, options: options)
        }
        session.scene = scene
        scene.session = session
        scene.delegate = makeSceneDelegate?()
        if let expected = session.configuration.delegateClass, let delegate = scene.delegate,
           ObjectIdentifier(expected) != ObjectIdentifier(type(of: delegate)) {
            HeadlessDiagnostics.report("Headless.launch: the scene configuration names \(expected) as its delegate class, but the sceneDelegate closure made a \(type(of: delegate)).")
        }
        scene.delegate?.scene(scene, willConnectTo: session, options: options)
        NotificationCenter.default.post(name: UIScene.willConnectNotification, object: scene)
        scene.delegate?.sceneWillEnterForeground(scene)
        NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: scene)
        postApplication(UIApplication.willEnterForegroundNotification)
        scene.activationState = .foregroundActive
        scene.delegate?.sceneDidBecomeActive(scene)
        NotificationCenter.default.post(name: UIScene.didActivateNotification, object: scene)
    }

    /// Posts an application notification, as UIKit does: on the default center, the application as object.
    private static func postApplication(_ name: Notification.Name) {
        NotificationCenter.default.post(name: name, object: UIApplication.shared)
    }
}
