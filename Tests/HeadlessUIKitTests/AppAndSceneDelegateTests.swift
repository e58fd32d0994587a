import Foundation
import HeadlessUIKit
import TestSupport
import XCTest

/// docs/uikit-semantics/app-and-scene-delegates.md: `Headless.launch(sceneBased:applicationDelegate:…)`
/// calls the app delegate, then connects the scene through its delegate, interleaved with the lifecycle
/// notifications, in UIKit's order and with UIKit's states; the scene delegate hears the background and the
/// foreground, and `Headless.open(_:sourceApplication:)` hands it a URL.
final class AppAndSceneDelegateTests: HeadlessTestCase {
    func testASceneBasedLaunchCallsTheAppDelegateThenConnectsTheSceneThroughItsDelegate() {
        MainActor.assumeIsolated {
            let log = DelegateLog()
            let appDelegate = LoggingAppDelegate(log: log)
            Headless.launch(applicationDelegate: appDelegate, sceneDelegate: { LoggingSceneDelegate(log: log) })
            XCTAssertEqual(log.entries, [
                "app willFinishLaunching options=nil app=inactive scene=unattached",
                "app didFinishLaunching options=nil app=inactive scene=unattached",
                "UIApplication.didFinishLaunching app=inactive scene=unattached",
                "app configurationForConnecting role=UIWindowSceneSessionRoleApplication urls=[] app=inactive scene=unattached",
                "scene willConnectTo configuration=Main urls=[] app=inactive scene=unattached",
                "UIScene.willConnect app=inactive scene=unattached",
                "scene sceneWillEnterForeground app=inactive scene=unattached",
                "UIScene.willEnterForeground app=inactive scene=unattached",
                "UIApplication.willEnterForeground app=inactive scene=unattached",
                "scene sceneDidBecomeActive app=inactive scene=foregroundActive",
                "UIScene.didActivate app=inactive scene=foregroundActive",
                "UIApplication.didBecomeActive app=active scene=foregroundActive",
            ])
            XCTAssertTrue(UIApplication.shared.delegate === appDelegate)
            let scene = Headless.windowScene
            XCTAssertTrue(scene.delegate is LoggingSceneDelegate)
            XCTAssertEqual(scene.session.role, .windowApplication)
            XCTAssertEqual(scene.session.configuration.name, "Main")
            XCTAssertTrue(scene.session.scene === scene)
            XCTAssertEqual((scene.delegate as? LoggingSceneDelegate)?.window?.windowScene, scene, "the scene delegate made its window in willConnectTo")
        }
    }

    func testALaunchWithoutScenesCallsOnlyTheAppDelegateWithTheURLInItsLaunchOptions() throws {
        let url = try XCTUnwrap(URL(string: "myapp://item/42"))
        MainActor.assumeIsolated {
            let log = DelegateLog()
            let appDelegate = LoggingAppDelegate(log: log)
            var madeSceneDelegate = false
            Headless.launch(
                sceneBased: false, applicationDelegate: appDelegate,
                sceneDelegate: { madeSceneDelegate = true; return LoggingSceneDelegate(log: log) },
                url: url, sourceApplication: "com.apple.mobilesafari"
            )
            XCTAssertEqual(log.entries, [
                "app willFinishLaunching options=[url=myapp://item/42, sourceApplication=com.apple.mobilesafari] app=inactive scene=unattached",
                "app didFinishLaunching options=[url=myapp://item/42, sourceApplication=com.apple.mobilesafari] app=inactive scene=unattached",
                "UIApplication.didFinishLaunching app=inactive scene=unattached",
                "app applicationDidBecomeActive app=active scene=foregroundActive",
                "UIApplication.didBecomeActive app=active scene=foregroundActive",
            ])
            XCTAssertFalse(madeSceneDelegate)
            XCTAssertNil(Headless.windowScene.delegate)

            log.removeAll()
            Headless.enterBackground()
            Headless.enterForeground()
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("app ") || $0.hasPrefix("UIApplication.") }, [
                "app applicationWillResignActive app=active scene=foregroundActive",
                "UIApplication.willResignActive app=active scene=foregroundActive",
                "app applicationDidEnterBackground app=background scene=background",
                "UIApplication.didEnterBackground app=background scene=background",
                "app applicationWillEnterForeground app=background scene=background",
                "UIApplication.willEnterForeground app=background scene=background",
                "app applicationDidBecomeActive app=active scene=foregroundActive",
                "UIApplication.didBecomeActive app=active scene=foregroundActive",
            ])
        }
    }

    func testALaunchURLComesInTheConnectionOptionsNotThroughOpenURLContexts() throws {
        let url = try XCTUnwrap(URL(string: "myapp://item/42"))
        MainActor.assumeIsolated {
            let log = DelegateLog()
            Headless.launch(
                applicationDelegate: LoggingAppDelegate(log: log), sceneDelegate: { LoggingSceneDelegate(log: log) },
                url: url, sourceApplication: "com.apple.mobilesafari"
            )
            XCTAssertEqual(log.entries.filter { $0.contains("urls=") || $0.contains("openURLContexts") }, [
                "app configurationForConnecting role=UIWindowSceneSessionRoleApplication urls=[myapp://item/42 from com.apple.mobilesafari] app=inactive scene=unattached",
                "scene willConnectTo configuration=Main urls=[myapp://item/42 from com.apple.mobilesafari] app=inactive scene=unattached",
            ])
        }
    }

    func testTheSceneDelegateHearsTheBackgroundTheForegroundAndURLsOpenedLaterBeforeItIsActiveAgain() throws {
        let url = try XCTUnwrap(URL(string: "myapp://item/7"))
        MainActor.assumeIsolated {
            let log = DelegateLog()
            Headless.launch(applicationDelegate: LoggingAppDelegate(log: log), sceneDelegate: { LoggingSceneDelegate(log: log) })
            log.removeAll()
            Headless.enterBackground()
            Headless.open(url, sourceApplication: "com.apple.mobilemail")
            Headless.open(url)
            XCTAssertEqual(log.entries, [
                "scene sceneWillResignActive app=active scene=foregroundActive",
                "UIScene.willDeactivate app=active scene=foregroundActive",
                "UIApplication.willResignActive app=active scene=foregroundActive",
                "scene sceneDidEnterBackground app=inactive scene=background",
                "UIScene.didEnterBackground app=inactive scene=background",
                "UIApplication.didEnterBackground app=background scene=background",
                "scene sceneWillEnterForeground app=background scene=background",
                "UIScene.willEnterForeground app=background scene=background",
                "UIApplication.willEnterForeground app=background scene=background",
                "scene openURLContexts urls=[myapp://item/7 from com.apple.mobilemail] app=background scene=background",
                "scene sceneDidBecomeActive app=inactive scene=foregroundActive",
                "UIScene.didActivate app=inactive scene=foregroundActive",
                "UIApplication.didBecomeActive app=active scene=foregroundActive",
                "scene openURLContexts urls=[myapp://item/7] app=active scene=foregroundActive",
            ])
        }
    }

    func testResetForgetsBothDelegatesAndTheyGoAway() {
        MainActor.assumeIsolated {
            weak var weakAppDelegate: LoggingAppDelegate?
            weak var weakSceneDelegate: LoggingSceneDelegate?
            do {
                let log = DelegateLog()
                let appDelegate = LoggingAppDelegate(log: log)
                weakAppDelegate = appDelegate
                Headless.launch(applicationDelegate: appDelegate, sceneDelegate: {
                    let delegate = LoggingSceneDelegate(log: log)
                    weakSceneDelegate = delegate
                    return delegate
                })
            }
            XCTAssertNotNil(weakAppDelegate, "Headless keeps the app delegate, as UIApplicationMain does")
            XCTAssertNotNil(weakSceneDelegate, "the scene keeps its delegate")
            Headless.reset()
            XCTAssertNil(weakAppDelegate)
            XCTAssertNil(weakSceneDelegate)
            XCTAssertNil(UIApplication.shared.delegate)
        }
    }
}

// MARK: - Delegates that log

/// The delegates' calls and the lifecycle notifications, in order, each with the app's and the scene's
/// states at that moment.
@MainActor
private final class DelegateLog {
    private(set) var entries: [String] = []
    private var tokens: [any NSObjectProtocol] = []

    private static let names: [(Notification.Name, String)] = [
        (UIApplication.didFinishLaunchingNotification, "UIApplication.didFinishLaunching"),
        (UIApplication.willEnterForegroundNotification, "UIApplication.willEnterForeground"),
        (UIApplication.didBecomeActiveNotification, "UIApplication.didBecomeActive"),
        (UIApplication.willResignActiveNotification, "UIApplication.willResignActive"),
        (UIApplication.didEnterBackgroundNotification, "UIApplication.didEnterBackground"),
        (UIScene.willConnectNotification, "UIScene.willConnect"),
        (UIScene.willEnterForegroundNotification, "UIScene.willEnterForeground"),
        (UIScene.didActivateNotification, "UIScene.didActivate"),
        (UIScene.willDeactivateNotification, "UIScene.willDeactivate"),
        (UIScene.didEnterBackgroundNotification, "UIScene.didEnterBackground"),
    ]

    init() {
        for (name, label) in Self.names {
            tokens.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
                MainActor.assumeIsolated { self?.note(label) }
            })
        }
    }

    isolated deinit {
        tokens.forEach(NotificationCenter.default.removeObserver)
    }

    func note(_ label: String) {
        entries.append("\(label) app=\(UIApplication.shared.applicationState.name) scene=\(Headless.windowScene.activationState.name)")
    }

    func removeAll() {
        entries.removeAll()
    }

    static func describe(_ options: [UIApplication.LaunchOptionsKey: Any]?) -> String {
        guard let options else { return "nil" }
        let url = options[UIApplication.LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")].map { "url=\($0)" }
        let source = options[UIApplication.LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")].map { "sourceApplication=\($0)" }
        return "[" + [url, source].compactMap { $0 }.joined(separator: ", ") + "]"
    }

    static func describe(_ contexts: Set<UIOpenURLContext>) -> String {
        "[" + contexts.map { context in
            context.options.sourceApplication.map { "\(context.url) from \($0)" } ?? "\(context.url)"
        }.sorted().joined(separator: ", ") + "]"
    }
}

private final class LoggingAppDelegate: UIResponder, UIApplicationDelegate {
    let log: DelegateLog

    init(log: DelegateLog) {
        self.log = log
        super.init()
    }

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.note("app willFinishLaunching options=\(DelegateLog.describe(launchOptions))")
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.note("app didFinishLaunching options=\(DelegateLog.describe(launchOptions))")
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        log.note("app configurationForConnecting role=\(connectingSceneSession.role.rawValue) urls=\(DelegateLog.describe(options.urlContexts))")
        let configuration = UISceneConfiguration(name: "Main", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = LoggingSceneDelegate.self
        return configuration
    }

    func applicationDidBecomeActive(_ application: UIApplication) { log.note("app applicationDidBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { log.note("app applicationWillResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { log.note("app applicationDidEnterBackground") }
    func applicationWillEnterForeground(_ application: UIApplication) { log.note("app applicationWillEnterForeground") }
}

private final class LoggingSceneDelegate: UIResponder, UIWindowSceneDelegate {
    let log: DelegateLog
    var window: UIWindow?

    init(log: DelegateLog) {
        self.log = log
        super.init()
    }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        log.note("scene willConnectTo configuration=\(session.configuration.name ?? "nil") urls=\(DelegateLog.describe(connectionOptions.urlContexts))")
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
    }

    func sceneDidBecomeActive(_ scene: UIScene) { log.note("scene sceneDidBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { log.note("scene sceneWillResignActive") }
    func sceneWillEnterForeground(_ scene: UIScene) { log.note("scene sceneWillEnterForeground") }
    func sceneDidEnterBackground(_ scene: UIScene) { log.note("scene sceneDidEnterBackground") }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        log.note("scene openURLContexts urls=\(DelegateLog.describe(URLContexts))")
    }
}
