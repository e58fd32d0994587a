import Foundation
@testable import Tracking
import TestSupport
import XCTest

/// No field a vendor requires is ever missing or out of range, for every event kind, anonymous or
/// identified, with a user id shorter than Amplitude's minimum too.
final class DestinationRequiredFieldsTests: XCTestCase {
    func testPostHogEventsCarryEventDistinctIdTimestampAndUUID() throws {
        for message in try messages(of: .postHog) {
            XCTAssertFalse(try XCTUnwrap(message["event"] as? String).isEmpty)
            XCTAssertFalse(try XCTUnwrap(message["distinct_id"] as? String).isEmpty)
            XCTAssertNotNil(UUID(uuidString: try XCTUnwrap(message["uuid"] as? String)))
            XCTAssertNotNil(message["timestamp"] as? String)
            XCTAssertEqual((message["properties"] as? [String: Any])?["$lib"] as? String, "sightline")
        }
    }

    func testAmplitudeEventsCarryTypeIdsOfFiveCharactersAndMillisecondTimes() throws {
        for message in try messages(of: .amplitude) {
            XCTAssertFalse(try XCTUnwrap(message["event_type"] as? String).isEmpty)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(message["device_id"] as? String).count, 5)
            if let userID = message["user_id"] as? String { XCTAssertGreaterThanOrEqual(userID.count, 5) }
            let time = try XCTUnwrap(message["time"] as? Int)
            XCTAssertEqual(time % 1000, 0, "whole seconds in the fixture, as milliseconds")
            XCTAssertGreaterThan(time, 1_000_000_000_000)
            XCTAssertEqual((message["insert_id"] as? String)?.count, 36)
            XCTAssertEqual(message["session_id"] as? Int, Int(DestinationSession.sessionID) * 1000)
        }
    }

    func testSegmentBatchSizeIsExact() throws {
        _ = try messages(of: .segment)
    }

    func testMixpanelEventsCarryTokenDistinctIdTimeAndShortInsertIds() throws {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-"))
        for message in try messages(of: .mixpanel) {
            XCTAssertFalse(try XCTUnwrap(message["event"] as? String).isEmpty)
            let properties = try XCTUnwrap(message["properties"] as? [String: Any])
            XCTAssertEqual(properties["token"] as? String, "project_token")
            XCTAssertFalse(try XCTUnwrap(properties["distinct_id"] as? String).isEmpty)
            XCTAssertNotNil(properties["time"] as? Int)
            let insertID = try XCTUnwrap(properties["$insert_id"] as? String)
            XCTAssertLessThanOrEqual(insertID.count, 36)
            XCTAssertTrue(insertID.unicodeScalars.allSatisfy(allowed.contains))
            XCTAssertNotNil(properties["$device_id"] as? String)
        }
    }

    /// The session's events, plus an identified one whose user id is too short for Amplitude, as parsed
    /// messages of `destination`'s batch body.
    private func messages(of destination: DeliveryDestination) throws -> [[String: Any]] {
        var events = DestinationSession.events
        var short = events[10]
        short.id = UUID()
        short.identity?.userID = "u1"
        events.append(short)
        let wire = destination.wire
        let batch = WireBatch(wire.messages(for: events, writeKey: "project_token"), envelope: wire.envelope(writeKey: "project_token"))
        XCTAssertEqual(batch.count, events.count, "every event encodes")
        XCTAssertEqual(batch.body(sentAt: DestinationSession.start).count, batch.bodyByteCount, "the size a batch counts is its body's")
        XCTAssertEqual(WireBatch(envelope: batch.envelope).body(sentAt: DestinationSession.start).count, batch.envelope.byteCount)
        let body = try JSONSerialization.jsonObject(with: batch.body(sentAt: DestinationSession.start))
        if let array = body as? [[String: Any]] { return array }
        if destination == .segment { return try XCTUnwrap((body as? [String: Any])?["batch"] as? [[String: Any]]) }
        let object = try XCTUnwrap(body as? [String: Any])
        XCTAssertEqual(object["api_key"] as? String, "project_token")
        return try XCTUnwrap((object["batch"] ?? object["events"]) as? [[String: Any]])
    }
}
