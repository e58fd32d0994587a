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

/// Acceptance 32 and 36 on the wire: the lifecycle events and a deep link arrive at a Segment-compatible
/// collector as `track` calls with Segment's names and properties (read back with `JSONSerialization`).
final class LifecycleWireTests: HeadlessTestCase {
    func testLifecycleEventsAndADeepLinkArriveAsSegmentTrackCalls() throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        MainActor.assumeIsolated {
            var configuration = fixture.trackerConfiguration()
            configuration.tracksApplicationLifecycleEvents = true
            var tracker: Tracker?
            Headless.launch {
                tracker = Tracker(
                    configuration: configuration, sinks: [sink], runLoop: .main, notificationCenter: .default,
                    gatherContext: { .sample }
                )
            }
            tracker?.openURL(URL(string: "https://anna:pw@127.0.0.1/item/42?ref=mail&access_token=t0k#top")!, referringApplication: "com.apple.mobilesafari")
            Headless.enterBackground()
            Headless.enterForeground()
            tracker?.flush()
            tracker = nil
        }
        // The backgrounding uploads what came before it; the flush sends the rest (in one or two requests,
        // depending on whether it joins the backgrounding's upload).
        XCTAssertTrue(eventually { fixture.collector.requests.flatMap(\.messages).count >= 5 })
        let messages = fixture.collector.requests.flatMap(\.messages)
        XCTAssertEqual(messages.map { $0["type"] as? String }, Array(repeating: "track", count: 5))
        XCTAssertEqual(messages.map { $0["event"] as? String }, [
            "Application Installed", "Application Opened", "Deep Link Opened", "Application Backgrounded", "Application Opened",
        ])
        guard messages.count == 5 else { return XCTFail("the collector got \(messages.count) message(s), not 5") }
        let properties = messages.map { $0["properties"] as? [String: Any] ?? [:] }
        XCTAssertEqual(properties[0] as NSDictionary, ["version": "2.1", "build": "214"])
        XCTAssertEqual(properties[1] as NSDictionary, ["from_background": false, "version": "2.1", "build": "214"])
        XCTAssertEqual(properties[1]["from_background"] as? Bool, false)
        XCTAssertEqual(properties[2] as NSDictionary, [
            "url": "https://127.0.0.1/item/42?ref=mail", "referring_application": "com.apple.mobilesafari",
        ])
        XCTAssertEqual(properties[3] as NSDictionary, [:])
        XCTAssertEqual(properties[4]["from_background"] as? Bool, true)
        let app = messages.map { ($0["context"] as? [String: Any])?["app"] as? [String: Any] }
        XCTAssertEqual(app.map { $0?["version"] as? String }, Array(repeating: "2.1", count: 5))
        XCTAssertEqual(Set(messages.compactMap { $0["anonymousId"] as? String }).count, 1)
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }
}
