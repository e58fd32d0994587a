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

    /// What makes the pattern clean even while an upload is in flight: a delivery sink released then (with
    /// its tracker, at the test's last `Headless.reset()`) writes nothing more, so the test's removal of the
    /// directory cannot race the upload's acknowledgement. The request is held until the sink is gone.
    func testADeliverySinkReleasedDuringAnUploadWritesNothingMore() async throws {
        let fixture = try PipelineFixture()
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        var configuration = fixture.configuration()
        configuration.uploadWillStart = {
            started.signal()
            _ = proceed.wait(timeout: .now() + 60)
        }
        var sink: DeliverySink? = fixture.sink(configuration)
        try fixture.store(0..<3, in: try XCTUnwrap(sink))
        let store = try XCTUnwrap(sink?.store)
        let driver = try XCTUnwrap(sink?.uploader?.driver)
        sink?.flush()
        XCTAssertEqual(started.wait(timeout: .now() + 60), .success, "the upload never started")
        let segment = try XCTUnwrap(store.sealedSegments.first)
        sink = nil
        proceed.signal()
        // Joins the flush in flight: once it returns, the request was answered and its acknowledgement done.
        _ = await driver.flush()

        XCTAssertEqual(fixture.collector.requests.count, 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).filter { $0 != "pending" }.sorted()
        XCTAssertEqual(files, [SegmentNaming.name(segment.sequence, .seg)], "the released sink acknowledged (wrote) after all")
        XCTAssertEqual(fixture.diagnostics.codes, [])
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
