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

/// Issue 26, item 6: a before-send hook that removes `eventProperties["email"]`, as the README shows, keeps
/// the key off the wire entirely (neither the identify call's `traits` nor any later message's
/// `context.traits`) and out of `identity.json`.
final class RedactionUploadTests: HeadlessTestCase {
    func testARedactingHookKeepsATraitOffEveryMessageAndOffTheIdentityFile() async throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        var configuration = fixture.trackerConfiguration()
        configuration.beforeSend = [{ event in
            var event = event
            event.eventProperties["email"] = nil
            return event
        }]
        let tracker = await MainActor.run { [configuration] in Tracker(configuration: configuration, sinks: [sink]) }
        tracker.identify(userID: "u-1", traits: ["email": "ada@example.com", "plan": "pro"])
        tracker.track("later", properties: ["screen": "home"])
        tracker.identify(traits: ["email": "ada@work.example.com"])
        tracker.track("last")
        _ = await fixture.flushUntilNothingIsLeft(sink)

        let requests = fixture.collector.requests
        let messages = requests.flatMap(\.messages)
        XCTAssertEqual(messages.map { $0["type"] as? String ?? "?" }, ["identify", "track", "identify", "track"])
        for (index, request) in requests.enumerated() {
            let body = String(decoding: request.body, as: UTF8.self)
            XCTAssertFalse(body.contains("email"), "request \(index) carries the redacted key: \(body)")
            XCTAssertFalse(body.contains("example.com"), "request \(index) carries the redacted value")
        }
        let traits = messages.map { ($0["context"] as? [String: Any])?["traits"] as? [String: Any] ?? [:] }
        XCTAssertEqual(traits.map { $0["plan"] as? String }, ["pro", "pro", "pro", "pro"])
        XCTAssertEqual((messages[0]["traits"] as? [String: Any])?.keys.sorted(), ["plan"])

        let file = fixture.root.appendingPathComponent("tracker/identity.json")
        let bytes = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        XCTAssertFalse(bytes.contains("email"), bytes)
        XCTAssertFalse(bytes.contains("example.com"), bytes)
        XCTAssertTrue(bytes.contains("pro"), bytes)
        XCTAssertEqual(tracker.identity.traits, ["plan": "pro"])
        XCTAssertEqual(fixture.diagnostics.codes, [])
        SessionStore.waitForSaves()
        withExtendedLifetime(fixture) {}
    }
}
