#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import LoopbackCollector
import TestSupport
@testable import Tracking
import XCTest

/// The documented launch pattern (README, "Testing your app on Linux", `Examples/QuickStart`'s `AppLaunchTests`)
/// leaves no file behind: `Headless.reset()` first and, deferred, last releases the app delegate the launch
/// keeps and its tracker, so what later tests do (launches, backgroundings) writes nothing into the directory
/// the test removed. A plain `XCTestCase`, as in the documentation.
final class DocumentedLaunchCleanupTests: XCTestCase {
    func testTheDocumentedLaunchPatternLeavesNoFileBehind() throws {
        let collector = try LoopbackCollector()
        defer { collector.stop() }
        // Named for removal at the end of the test whatever happens; removed by the pattern itself below.
        let storage = TemporaryDirectory.url("MyAppTests")
        let endpoint = try XCTUnwrap(TrackingEndpoint(url: collector.url()))
        do {
            defer { try? FileManager.default.removeItem(at: storage) }
            let launched = MainActor.assumeIsolated { () -> Bool in
                Headless.reset()
                defer { Headless.reset() }
                let appDelegate = CleanupAppDelegate()
                appDelegate.configuration.clock = ManualTrackingClock()
                appDelegate.configuration.storageDirectory = storage
                appDelegate.delivery.endpoint = endpoint
                Headless.launch(applicationDelegate: appDelegate)
                appDelegate.tracker?.identify(userID: "ada")
                appDelegate.tracker?.track("Launched")
                appDelegate.tracker?.flush()
                return appDelegate.tracker != nil
            }
            XCTAssertTrue(launched)
            XCTAssertNotNil(collector.waitForRequests(count: 1, timeout: 60), "nothing arrived within 60 s")
            XCTAssertTrue(FileManager.default.fileExists(atPath: storage.appendingPathComponent("session.json").path))
        }

        // What the next tests of the bundle do: any tracker still alive would save its session and identity again.
        MainActor.assumeIsolated {
            Headless.launch()
            Headless.enterBackground()
            Headless.enterForeground()
            Headless.reset()
        }
        PendingFileWrites.wait()
        XCTAssertFalse(FileManager.default.fileExists(atPath: storage.path),
                       "left behind: \((try? FileManager.default.subpathsOfDirectory(atPath: storage.path)) ?? [])")
    }
}

/// An app delegate that creates and starts its tracker at launch, as the documentation's `TrackerAppDelegate`.
private final class CleanupAppDelegate: UIResponder, UIApplicationDelegate {
    private(set) var tracker: Tracker?
    var configuration = TrackingConfiguration()
    var delivery = DeliveryConfiguration(writeKey: "cleanup_key")

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let tracker = Tracker(configuration: configuration, delivery: delivery)
        tracker.start()
        self.tracker = tracker
        return true
    }
}
