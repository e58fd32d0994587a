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

/// Scenario 34 on the wire: a screen's end, recorded by the tracker's own scans of real (headless)
/// controllers, reaches the loopback collector as a `Screen Ended` track call whose `visible_ms` is an
/// integer number of milliseconds, after the screen's view and before the next screen's.
final class ScreenEndedUploadTests: HeadlessTestCase {
    func testScreenEndedReachesTheCollectorWithVisibleMillisecondsAsAnInteger() async throws {
        let fixture = try PipelineFixture()
        let delivery = try await MainActor.run { () throws -> DeliverySink in
            let delivery = fixture.sink()
            var configuration = TrackingConfiguration()
            configuration.tracksApplicationLifecycleEvents = false
            configuration.clock = fixture.clock
            configuration.diagnosticHandler = fixture.diagnostics.handler
            configuration.storageDirectory = fixture.root
            let tracker = Tracker(configuration: configuration, sinks: [delivery])

            let detail = UIViewController()
            detail.trackingScreen = TrackingScreen(screenName: "detail", identifier: "p7", properties: ["section": "news"])
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.rootViewController = UINavigationController(rootViewController: detail)
            window.makeKeyAndVisible()
            Headless.settle()
            XCTAssertEqual(tracker.scanNow().map(\.kind), [.screenView])
            fixture.clock.advance(by: 2.75)
            XCTAssertEqual(tracker.scanNow(), [])

            let player = UIViewController()
            player.trackingScreen = TrackingScreen(screenName: "player")
            player.modalPresentationStyle = .fullScreen
            detail.present(player, animated: false)
            Headless.settle()
            fixture.clock.advance(by: 0.25)
            XCTAssertEqual(tracker.scanNow().map(\.kind), [.screenEnded, .screenView])
            XCTAssertEqual(fixture.diagnostics.all, [])
            withExtendedLifetime(window) {}
            return delivery
        }
        let summary = await boundedFlush(delivery)
        XCTAssertEqual(summary?.delivered, 3)

        let requests = fixture.waitForRequests(1)
        let messages = try XCTUnwrap(requests.first).messages
        XCTAssertEqual(messages.map { $0["type"] as? String }, ["screen", "track", "screen"])
        XCTAssertEqual(messages.map { ($0["name"] ?? $0["event"]) as? String }, ["detail", "Screen Ended", "player"])
        let properties = try XCTUnwrap(messages[1]["properties"] as? [String: Any])
        // No scroll view on the detail: no `scroll_depth`; no tracked element: no impression in the span.
        XCTAssertEqual(Set(properties.keys), ["section", "screen_name", "screen_id", "visible_ms", "elements_viewed"])
        XCTAssertEqual((properties["elements_viewed"] as? NSNumber)?.intValue, 0)
        XCTAssertEqual(properties["screen_name"] as? String, "detail")
        XCTAssertEqual(properties["screen_id"] as? String, "p7")
        XCTAssertEqual(properties["section"] as? String, "news")
        // A JSON number without a fraction: the upload's bytes say `"visible_ms":3000`, not 3000.0 or "3000".
        let visible = try XCTUnwrap(properties["visible_ms"] as? NSNumber)
        XCTAssertEqual(visible.intValue, 3000)
        let body = String(decoding: try XCTUnwrap(requests.first).body, as: UTF8.self)
        XCTAssertTrue(body.contains(#""visible_ms":3000,"#) || body.contains(#""visible_ms":3000}"#), body)
    }
}
