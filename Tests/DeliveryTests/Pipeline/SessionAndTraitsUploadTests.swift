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

/// The new wire fields as the collector receives them (scenarios 33 and 35): `context.sessionId` on every
/// message and `context.sessionStart` on a session's first only; `group` with `groupId` and `traits`;
/// `alias` with `previousId` and `userId`; `identify` traits as `context.traits` on later messages until
/// `reset()`. Every request is parsed with `JSONSerialization`.
final class SessionAndTraitsUploadTests: HeadlessTestCase {
    func testSessionsGroupAliasAndTraitsReachTheCollectorInSegmentsAndRudderStacksShape() async throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        let tracker = await MainActor.run {
            let configuration = fixture.trackerConfiguration()
            return Tracker(configuration: configuration, sinks: [sink])
        }
        let anonymous = tracker.identity.anonymousID.uuidString.lowercased()
        tracker.track("a")
        tracker.identify(userID: "u-1", traits: ["plan": "pro", "logins": 3])
        tracker.group("acme", traits: ["name": "Acme", "seats": 12])
        tracker.alias("u-2")
        tracker.track("b")
        await MainActor.run { Headless.enterBackground() }
        fixture.clock.advance(by: 301)
        await MainActor.run { Headless.enterForeground() }
        tracker.track("c")
        tracker.reset()
        tracker.track("d")
        _ = await fixture.flushUntilNothingIsLeft(sink)

        let requests = fixture.collector.requests
        let messages = requests.flatMap(\.messages)
        XCTAssertEqual(messages.map { $0["type"] as? String ?? "?" }, ["track", "identify", "group", "alias", "track", "track", "track"])
        let contexts = messages.map { $0["context"] as? [String: Any] ?? [:] }
        XCTAssertEqual(contexts.map { ($0["sessionId"] as? Int).map { $0 - 1_700_000_000 } }, [0, 0, 0, 0, 0, 301, 302])
        XCTAssertEqual(contexts.map { $0["sessionStart"] as? Bool }, [true, nil, nil, nil, nil, true, true])
        XCTAssertEqual(contexts.map { $0.keys.contains("sessionStart") }, [true, false, false, false, false, true, true])
        // A number on the wire, in whole seconds, as RudderStack's SDKs send it.
        let body = String(decoding: try XCTUnwrap(requests.first).body, as: UTF8.self)
        XCTAssertTrue(body.contains("\"sessionId\":1700000000,\"sessionStart\":true}"), body)

        let traits = contexts.map { $0["traits"] as? [String: Any] }
        XCTAssertNil(traits[0])
        for index in 1...5 {
            XCTAssertEqual(traits[index]?["plan"] as? String, "pro", "message \(index)")
            XCTAssertEqual(traits[index]?["logins"] as? Int, 3, "message \(index)")
        }
        XCTAssertNil(traits[6], "reset() clears the traits")

        let identify = messages[1]
        XCTAssertEqual(identify["userId"] as? String, "u-1")
        XCTAssertEqual((identify["traits"] as? [String: Any])?["plan"] as? String, "pro")

        let group = messages[2]
        XCTAssertEqual(group["groupId"] as? String, "acme")
        XCTAssertEqual((group["traits"] as? [String: Any])?["name"] as? String, "Acme")
        XCTAssertEqual((group["traits"] as? [String: Any])?["seats"] as? Int, 12)
        XCTAssertEqual(group["userId"] as? String, "u-1")
        XCTAssertNil(group["properties"])

        let alias = messages[3]
        XCTAssertEqual(alias["previousId"] as? String, "u-1")
        XCTAssertEqual(alias["userId"] as? String, "u-2")
        XCTAssertEqual(alias["anonymousId"] as? String, anonymous)
        XCTAssertNil(alias["traits"])
        XCTAssertNil(alias["properties"])

        XCTAssertEqual(messages.map { $0["userId"] as? String }, [nil, "u-1", "u-1", "u-2", "u-2", "u-2", nil])
        XCTAssertEqual(Set(messages.prefix(6).map { $0["anonymousId"] as? String }), [anonymous])
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }

    func testAnAliasBeforeAnyIdentifyNamesTheAnonymousIDAsThePreviousID() async throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        let tracker = await MainActor.run {
            let configuration = fixture.trackerConfiguration()
            return Tracker(configuration: configuration, sinks: [sink])
        }
        let anonymous = tracker.identity.anonymousID.uuidString.lowercased()
        tracker.alias("u-9")
        _ = await fixture.flushUntilNothingIsLeft(sink)
        let alias = try XCTUnwrap(fixture.collector.requests.flatMap(\.messages).first)
        XCTAssertEqual(alias["type"] as? String, "alias")
        XCTAssertEqual(alias["previousId"] as? String, anonymous)
        XCTAssertEqual(alias["userId"] as? String, "u-9")
    }
}
