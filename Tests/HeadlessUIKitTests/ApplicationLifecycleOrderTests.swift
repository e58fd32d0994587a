import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS.md statement 44: the application's and the scene's lifecycle notifications at launch, on
/// leaving for the background and on returning, in UIKit's order, with the states UIKit has set when each
/// is posted (`will…` before the change it announces, `did…` after it).
final class ApplicationLifecycleOrderTests: HeadlessTestCase {
    func test44_aSceneBasedLaunchConnectsTheSceneThenActivatesItThenTheApp() {
        MainActor.assumeIsolated {
            let recorder = NotificationRecorder()
            Headless.launch {
                recorder.note("didFinishLaunchingWithOptions")
            }
            XCTAssertEqual(recorder.entries, [
                "didFinishLaunchingWithOptions app=inactive scene=unattached",
                "UIApplication.didFinishLaunching app=inactive scene=unattached",
                "UIScene.willConnect app=inactive scene=unattached",
                "UIScene.willEnterForeground app=inactive scene=unattached",
                "UIApplication.willEnterForeground app=inactive scene=unattached",
                "UIScene.didActivate app=inactive scene=foregroundActive",
                "UIApplication.didBecomeActive app=active scene=foregroundActive",
            ])
            XCTAssertTrue(recorder.objectsAreRight, "application notifications carry the application, scene ones the scene")
        }
    }

    func test44_aLaunchWithoutScenesPostsOnlyTheApplicationsNotifications() {
        MainActor.assumeIsolated {
            let recorder = NotificationRecorder()
            Headless.launch(sceneBased: false)
            XCTAssertEqual(recorder.entries, [
                "UIApplication.didFinishLaunching app=inactive scene=unattached",
                "UIApplication.didBecomeActive app=active scene=foregroundActive",
            ])
        }
    }

    func test44_leavingAndReturningPostTheScenesNotificationThenTheApplications() {
        MainActor.assumeIsolated {
            Headless.launch()
            let recorder = NotificationRecorder()
            Headless.enterBackground()
            Headless.enterForeground()
            XCTAssertEqual(recorder.entries, [
                "UIScene.willDeactivate app=active scene=foregroundActive",
                "UIApplication.willResignActive app=active scene=foregroundActive",
                "UIScene.didEnterBackground app=inactive scene=background",
                "UIApplication.didEnterBackground app=background scene=background",
                "UIScene.willEnterForeground app=background scene=background",
                "UIApplication.willEnterForeground app=background scene=background",
                "UIScene.didActivate app=inactive scene=foregroundActive",
                "UIApplication.didBecomeActive app=active scene=foregroundActive",
            ])
            XCTAssertTrue(recorder.objectsAreRight)
        }
    }

    func test44_leavingTwiceOrReturningWhileInTheForegroundPostsNothing() {
        MainActor.assumeIsolated {
            Headless.launch()
            let recorder = NotificationRecorder()
            Headless.enterForeground()
            XCTAssertEqual(recorder.entries, [])
            Headless.enterBackground()
            recorder.removeAll()
            Headless.enterBackground()
            XCTAssertEqual(recorder.entries, [])
        }
    }
}

/// Records every application and scene lifecycle notification posted to the default center, with the
/// application's and the default scene's states at the time of posting, until it is released.
@MainActor
private final class NotificationRecorder {
    private(set) var entries: [String] = []
    private(set) var objectsAreRight = true
    private var tokens: [any NSObjectProtocol] = []

    private static let names: [(Notification.Name, String, isScene: Bool)] = [
        (UIApplication.didFinishLaunchingNotification, "UIApplication.didFinishLaunching", false),
        (UIApplication.willEnterForegroundNotification, "UIApplication.willEnterForeground", false),
        (UIApplication.didBecomeActiveNotification, "UIApplication.didBecomeActive", false),
        (UIApplication.willResignActiveNotification, "UIApplication.willResignActive", false),
        (UIApplication.didEnterBackgroundNotification, "UIApplication.didEnterBackground", false),
        (UIScene.willConnectNotification, "UIScene.willConnect", true),
        (UIScene.willEnterForegroundNotification, "UIScene.willEnterForeground", true),
        (UIScene.didActivateNotification, "UIScene.didActivate", true),
        (UIScene.willDeactivateNotification, "UIScene.willDeactivate", true),
        (UIScene.didEnterBackgroundNotification, "UIScene.didEnterBackground", true),
        (UIScene.didDisconnectNotification, "UIScene.didDisconnect", true),
    ]

    init() {
        for (name, label, isScene) in Self.names {
            tokens.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] notification in
                let isRightObject = isScene ? notification.object is UIScene : notification.object is UIApplication
                MainActor.assumeIsolated {
                    self?.objectsAreRight = (self?.objectsAreRight ?? false) && isRightObject
                    self?.note(label)
                }
            })
        }
    }

    isolated deinit {
        tokens.forEach(NotificationCenter.default.removeObserver)
    }

    /// Appends `label` with the states now.
    func note(_ label: String) {
        entries.append("\(label) app=\(UIApplication.shared.applicationState.name) scene=\(Headless.windowScene.activationState.name)")
    }

    func removeAll() {
        entries.removeAll()
    }
}
