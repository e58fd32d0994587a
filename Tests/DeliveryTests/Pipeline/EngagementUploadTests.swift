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

/// Scenarios 56-58 on the wire: one finger scrolls a feed 600 points down and back before lifting, with no
/// scan in between; the loopback collector receives `Screen Ended` with the depth of the deepest point and
/// the span's impressions, and, exposure on, one `Element Exposure` per impressed post with its exact
/// `visible_ms`.
final class EngagementUploadTests: HeadlessTestCase {
    func testScrollDepthElementsViewedAndExposureReachTheCollectorExactly() async throws {
        let fixture = try PipelineFixture()
        let delivery = try await MainActor.run { () throws -> DeliverySink in
            let delivery = fixture.sink()
            var configuration = fixture.trackerConfiguration()
            configuration.reportsElementExposure = true
            let tracker = Tracker(configuration: configuration, sinks: [delivery])

            let feed = UIViewController()
            feed.trackingScreen = TrackingScreen(screenName: "feed")
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.rootViewController = feed
            window.makeKeyAndVisible()
            Headless.settle()
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            scrollView.contentSize = CGSize(width: 400, height: 3200)
            feed.view.addSubview(scrollView)
            for index in 0..<8 {
                let post = UIView(frame: CGRect(x: 0, y: index * 400, width: 400, height: 400))
                post.trackingElement = TrackingElement(elementType: "post", identifier: "p\(index)", properties: ["position": index])
                scrollView.addSubview(post)
            }

            XCTAssertEqual(tracker.scanNow().map(\.kind), [.screenView])
            fixture.clock.advance(by: 1.5)
            XCTAssertEqual(tracker.scanNow().map(\.kind), [.impression, .impression])

            // Down 600 and back up in one touch, 10 points a move, then lifted where it started.
            var time = fixture.clock.now().uptime
            let finger = Headless.touchDown(at: CGPoint(x: 200, y: 700), in: window, timestamp: time)
            for step in Array(stride(from: 10, through: 600, by: 10)) + Array(stride(from: 590, through: 0, by: -10)) {
                time += 0.01
                finger.move(to: CGPoint(x: 200, y: 700 - step), timestamp: time)
            }
            finger.lift(timestamp: time)
            XCTAssertEqual(scrollView.contentOffset.y, 0)

            fixture.clock.advance(by: 0.75)
            XCTAssertEqual(tracker.scanNow(), [])
            tracker.stop()
            XCTAssertEqual(fixture.diagnostics.all, [])
            withExtendedLifetime(window) {}
            return delivery
        }
        let summary = await boundedFlush(delivery)
        XCTAssertEqual(summary?.delivered, 6)

        let requests = fixture.waitForRequests(1)
        let messages = try XCTUnwrap(requests.first).messages
        XCTAssertEqual(messages.map { ($0["name"] ?? $0["event"]) as? String }, [
            "feed", "Element Viewed", "Element Viewed", "Screen Ended", "Element Exposure", "Element Exposure",
        ])
        let ended = try XCTUnwrap(messages[3]["properties"] as? [String: Any])
        XCTAssertEqual(Set(ended.keys), ["screen_name", "visible_ms", "scroll_depth", "elements_viewed"])
        // (600 + 800) / 3200: the deepest point the finger took the content to, not 800 / 3200 where it rests.
        XCTAssertEqual((ended["scroll_depth"] as? NSNumber)?.doubleValue, 0.4375)
        XCTAssertEqual((ended["elements_viewed"] as? NSNumber)?.intValue, 2)
        XCTAssertEqual((ended["visible_ms"] as? NSNumber)?.intValue, 2250)

        for (message, index) in zip(messages[4...], 0...) {
            let properties = try XCTUnwrap(message["properties"] as? [String: Any])
            XCTAssertEqual(message["type"] as? String, "track")
            XCTAssertEqual(
                Set(properties.keys), ["position", "element_type", "element_id", "screen_name", "visible_ms", "max_visible_ratio"]
            )
            XCTAssertEqual(properties["element_type"] as? String, "post")
            XCTAssertEqual(properties["element_id"] as? String, "p\(index)")
            XCTAssertEqual((properties["position"] as? NSNumber)?.intValue, index)
            XCTAssertEqual(properties["screen_name"] as? String, "feed")
            XCTAssertEqual((properties["visible_ms"] as? NSNumber)?.intValue, 2250)
            XCTAssertEqual((properties["max_visible_ratio"] as? NSNumber)?.doubleValue, 1)
        }
        let body = String(decoding: try XCTUnwrap(requests.first).body, as: UTF8.self)
        XCTAssertTrue(body.contains(#""visible_ms":2250,"#), body)
        XCTAssertTrue(body.contains(#""elements_viewed":2"#), body)
    }
}
