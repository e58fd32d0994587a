// `Headless` exists only in HeadlessUIKit: on iOS this file compiles to nothing.
#if canImport(HeadlessUIKit)
import Foundation
import HeadlessUIKit
import LoopbackCollector
import Tracking
import XCTest

// Snippet: testing-the-launch-and-delivery
final class LaunchDeliveryTests: XCTestCase {
    func testTheLaunchAndTheBackgroundingReachTheCollector() async throws {
        // Snippet: loopback-collector
        let collector = try LoopbackCollector()                 // on a free port of 127.0.0.1
        defer { collector.stop() }
        var delivery = DeliveryConfiguration(writeKey: "test-key")
        delivery.endpoint = try XCTUnwrap(TrackingEndpoint(url: collector.url(path: "/v1/batch")))
        // Snippet end
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: storage) }

        let launched: Tracker? = await MainActor.run { [delivery] in
            Headless.reset()
            var tracker: Tracker?
            Headless.launch {                                   // stands for application(_:didFinishLaunchingWithOptions:)
                var configuration = TrackingConfiguration()
                configuration.storageDirectory = storage        // a fresh directory: this launch is an install
                tracker = Tracker(configuration: configuration, delivery: delivery)
            }
            Headless.enterBackground()                          // Application Backgrounded, and an upload
            Headless.enterForeground()                          // Application Opened, from the background
            return tracker
        }
        let tracker = try XCTUnwrap(launched)
        _ = await tracker.delivery?.flushAndWait()              // upload what is still queued; wait for the answer

        let batches = collector.requests.compactMap { ($0.jsonBody as? [String: Any])?["batch"] as? [[String: Any]] }
        XCTAssertEqual(batches.joined().compactMap { $0["event"] as? String },
                       ["Application Installed", "Application Opened", "Application Backgrounded", "Application Opened"])
        XCTAssertEqual(collector.requests.first?.header("Authorization"), "Basic " + Data("test-key:".utf8).base64EncodedString())
        await MainActor.run { Headless.reset() }                // last, before `storage` goes
    }
}
// Snippet end
#endif
