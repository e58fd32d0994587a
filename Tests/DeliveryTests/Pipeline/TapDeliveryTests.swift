#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import LoopbackCollector
@testable import Tracking
import TestSupport
import XCTest

/// Taps on the wire: real taps on a tracked element, through a started tracker and its ``DeliverySink``, to
/// the loopback collector; the request body is read back with `JSONSerialization`.
final class TapDeliveryTests: HeadlessTestCase {
    func testElementTappedAndRageTapReachTheCollectorAsTrackCalls() throws {
        let fixture = try PipelineFixture()
        MainActor.assumeIsolated {
            let feed = UIViewController()
            feed.trackingScreen = TrackingScreen(screenName: "feed", identifier: "main")
            feed.view.backgroundColor = .white
            let card = UIView(frame: CGRect(x: 20, y: 100, width: 360, height: 200))
            card.trackingElement = TrackingElement(elementType: "feed_card", identifier: "7", properties: ["rank": 2])
            card.addSubview(UILabel(frame: CGRect(x: 10, y: 10, width: 100, height: 20)))
            feed.view.addSubview(card)
            let shown = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            shown.rootViewController = feed
            shown.makeKeyAndVisible()
            Headless.runUpdateCycle()

            let configuration = fixture.trackerConfiguration()
            let tracker = Tracker(configuration: configuration, sinks: [fixture.sink()])
            tracker.start()
            // Four taps within a second and 44 points of the first: the default rage rule.
            for point in [CGPoint(x: 110, y: 150), CGPoint(x: 112, y: 150), CGPoint(x: 110, y: 152), CGPoint(x: 128, y: 170)] {
                Headless.tap(at: point, in: shown, timestamp: fixture.clock.now().uptime)
                fixture.clock.advance(by: 0.2)
            }
            tracker.stop()
            tracker.flush()
        }
        let request = try XCTUnwrap(fixture.waitForRequests(1).first)
        let messages = request.messages
        XCTAssertEqual(messages.map { $0["event"] as? String }, ["Element Tapped", "Element Tapped", "Element Tapped", "Element Tapped", "Rage Tap"])
        XCTAssertEqual(messages.map { $0["type"] as? String }, Array(repeating: "track", count: 5))
        guard messages.count == 5 else { return }
        let tap = try XCTUnwrap(messages[0]["properties"] as? [String: Any])
        XCTAssertEqual(Set(tap.keys), [
            "rank", "element_type", "element_id", "screen_name", "screen_id", "tap_x", "tap_y", "tap_element_x", "tap_element_y",
        ])
        // The window point, and the point within the 360 × 200 card at (20, 100).
        XCTAssertEqual(tap["tap_x"] as? Double, 110)
        XCTAssertEqual(tap["tap_y"] as? Double, 150)
        XCTAssertEqual(tap["tap_element_x"] as? Double, 0.25)
        XCTAssertEqual(tap["tap_element_y"] as? Double, 0.25)
        XCTAssertEqual(tap["element_type"] as? String, "feed_card")
        XCTAssertEqual(tap["element_id"] as? String, "7")
        XCTAssertEqual(tap["screen_name"] as? String, "feed")
        XCTAssertEqual(tap["screen_id"] as? String, "main")
        XCTAssertEqual(tap["rank"] as? Int, 2)
        let rage = try XCTUnwrap(messages[4]["properties"] as? [String: Any])
        XCTAssertEqual(Set(rage.keys), [
            "rank", "element_type", "element_id", "screen_name", "screen_id", "tap_count",
            "tap_x", "tap_y", "tap_element_x", "tap_element_y",
        ])
        XCTAssertEqual(rage["tap_count"] as? Int, 4)
        // The rage tap is where the tap that completed it landed.
        XCTAssertEqual(rage["tap_x"] as? Double, 128)
        XCTAssertEqual(rage["tap_y"] as? Double, 170)
        XCTAssertEqual(rage["tap_element_x"] as? Double, 0.3)
        XCTAssertEqual(rage["tap_element_y"] as? Double, 0.35)
        XCTAssertEqual(messages[3]["timestamp"] as? String, messages[4]["timestamp"] as? String)
        XCTAssertNotNil(messages[0]["anonymousId"] as? String)
        XCTAssertNotNil(messages[0]["context"] as? [String: Any])
        XCTAssertEqual(Set(messages.compactMap { $0["messageId"] as? String }).count, 5)
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }
}
