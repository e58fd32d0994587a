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

/// Acceptance 50: a tampered `identity.json` or `session.json` (huge or deep traits, a huge user id,
/// nesting thousands deep, times in the future) costs a diagnostic and its bad part, never delivery: the
/// files are written into the tracker's storage before it starts, and the collector on 127.0.0.1 must then
/// receive the app's events with the rest of the identity.
final class TamperedStateFileTests: HeadlessTestCase {
    private static let anonymousID = "3F2A9C4E-5B1D-4E8F-9A7C-2D6E1B0F8A3C"

    func test50_fortyKilobytesOfTraitsAreCutToTheirLimitAndEventsAreDelivered() async throws {
        var traits: [String: Any] = ["plan": "pro"]
        for number in 0..<40 { traits["t\(number < 10 ? "0" : "")\(number)"] = String(repeating: "x", count: 1_000) }
        let delivered = try await deliver(identityFile: ["anonymousID": Self.anonymousID, "userID": "u-1", "traits": traits])

        XCTAssertEqual(delivered.message["userId"] as? String, "u-1")
        let sent = try XCTUnwrap((delivered.message["context"] as? [String: Any])?["traits"] as? [String: Any])
        XCTAssertEqual(sent["plan"] as? String, "pro")
        XCTAssertEqual(Set(sent.keys), ["plan", "t00", "t01", "t02"], "in key order, what fits in 4,000 bytes")
        XCTAssertEqual(delivered.diagnostics, [.identityStorageFailed])
        let saved = try XCTUnwrap(delivered.savedIdentity["traits"] as? [String: Any])
        XCTAssertEqual(Set(saved.keys), ["plan", "t00", "t01", "t02"], "the repaired identity is written back")
    }

    func test50_traitsNestedFortyDeepLoseTheDeepPartAndEventsAreDelivered() async throws {
        var deep: Any = "bottom"
        for _ in 0..<40 { deep = [deep] }
        let delivered = try await deliver(identityFile: [
            "anonymousID": Self.anonymousID, "userID": "u-1", "traits": ["plan": "pro", "deep": deep],
        ])

        let sent = try XCTUnwrap((delivered.message["context"] as? [String: Any])?["traits"] as? [String: Any])
        XCTAssertEqual(sent["plan"] as? String, "pro")
        XCTAssertEqual(Self.depth(of: sent["deep"] as Any), 7, "cut at the 8 levels an identification allows")
        XCTAssertEqual(delivered.diagnostics, [.identityStorageFailed])
    }

    func test50_traitsNestedThirtyThousandDeepAreReadWithoutTheNestingAndKeepTheIdentity() async throws {
        let prefix = #"{"anonymousID":"\#(Self.anonymousID)","userID":"u-1","traits":{"plan":"pro","deep":"#
        let bytes = Data((prefix + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000) + "}}").utf8)
        let delivered = try await deliver(identityBytes: bytes)

        XCTAssertEqual(delivered.message["userId"] as? String, "u-1")
        XCTAssertEqual((delivered.message["anonymousId"] as? String)?.uppercased(), Self.anonymousID)
        let sent = try XCTUnwrap((delivered.message["context"] as? [String: Any])?["traits"] as? [String: Any])
        XCTAssertEqual(sent["plan"] as? String, "pro")
        XCTAssertEqual(delivered.diagnostics, [.identityStorageFailed])
        XCTAssertLessThan(delivered.savedByteCount, 1_000, "written back without the nesting")
    }

    func test50_aFortyKilobyteUserIDIsDroppedAndTheAnonymousIDAndTraitsAreKept() async throws {
        let delivered = try await deliver(identityFile: [
            "anonymousID": Self.anonymousID, "userID": String(repeating: "u", count: 40_000), "traits": ["plan": "pro"],
        ])

        XCTAssertNil(delivered.message["userId"])
        XCTAssertEqual((delivered.message["anonymousId"] as? String)?.uppercased(), Self.anonymousID)
        let sent = try XCTUnwrap((delivered.message["context"] as? [String: Any])?["traits"] as? [String: Any])
        XCTAssertEqual(sent["plan"] as? String, "pro")
        XCTAssertEqual(delivered.diagnostics, [.identityStorageFailed])
        XCTAssertNil(delivered.savedIdentity["userID"])
        XCTAssertEqual((delivered.savedIdentity["anonymousID"] as? String)?.uppercased(), Self.anonymousID)
    }

    func test50_futureTimesInTheSessionFileAreReadAsNowAndActivityIsSavedAgain() async throws {
        let fixture = try PipelineFixture()
        let now = fixture.clock.now().date
        let seconds = Int64(now.timeIntervalSince1970)
        try Self.write(["lastActivityAt": 1e300, "backgroundedAt": 1e300, "lastID": seconds,
                        "session": ["id": seconds, "startedAt": 1e300, "isStarting": false]],
                       to: fixture.trackerDirectory.appendingPathComponent("session.json"))
        let sink = fixture.sink()
        let tracker = await MainActor.run { Tracker(configuration: fixture.trackerConfiguration(), sinks: [sink]) }
        tracker.track("first")
        fixture.clock.advance(by: 20)
        tracker.track("second")
        SessionStore.waitForSaves()
        _ = await fixture.flushUntilNothingIsLeft(sink)

        let messages = fixture.collector.requests.flatMap(\.messages)
        XCTAssertEqual(messages.map { $0["event"] as? String }, ["first", "second"])
        let contexts = messages.map { $0["context"] as? [String: Any] ?? [:] }
        XCTAssertEqual(contexts.map { $0["sessionId"] as? Int }, [Int(seconds), Int(seconds)], "the session within its timeout is kept")
        XCTAssertEqual(fixture.diagnostics.codes, [.sessionStorageFailed])
        let saved = try XCTUnwrap(JSONSerialization.jsonObject(
            with: Data(contentsOf: fixture.trackerDirectory.appendingPathComponent("session.json"))
        ) as? [String: Any])
        XCTAssertEqual(saved["lastActivityAt"] as? Double, now.addingTimeInterval(20).timeIntervalSinceReferenceDate,
                       "activity 20 s after the launch is saved")
        XCTAssertEqual((saved["session"] as? [String: Any])?["startedAt"] as? Double, now.timeIntervalSinceReferenceDate)
        _ = tracker
    }

    func test50_aSessionIDFarAheadOfTheClockIsDroppedAndANewSessionStarts() async throws {
        let fixture = try PipelineFixture()
        let now = fixture.clock.now().date
        let ahead: Int64 = 9_000_000_000_000_000
        try Self.write(["lastActivityAt": now.timeIntervalSinceReferenceDate, "lastID": ahead,
                        "session": ["id": ahead, "startedAt": now.timeIntervalSinceReferenceDate, "isStarting": false]],
                       to: fixture.trackerDirectory.appendingPathComponent("session.json"))
        let sink = fixture.sink()
        let tracker = await MainActor.run { Tracker(configuration: fixture.trackerConfiguration(), sinks: [sink]) }
        tracker.track("first")
        _ = await fixture.flushUntilNothingIsLeft(sink)

        let context = try XCTUnwrap(fixture.collector.requests.flatMap(\.messages).first?["context"] as? [String: Any])
        XCTAssertEqual(context["sessionId"] as? Int, Int(now.timeIntervalSince1970))
        XCTAssertEqual(context["sessionStart"] as? Bool, true)
        XCTAssertEqual(fixture.diagnostics.codes, [.sessionStorageFailed, .sessionStorageFailed])
        _ = tracker
    }

    // MARK: - Helpers

    /// What the collector received for one `track` after a tracker started on a tampered identity file.
    private struct Delivered {
        var message: [String: Any]
        var diagnostics: [TrackingDiagnostic.Code]
        var savedByteCount: Int
        var savedIdentity: [String: Any]
    }

    private func deliver(identityFile content: [String: Any]) async throws -> Delivered {
        try await deliver(identityBytes: JSONSerialization.data(withJSONObject: content))
    }

    /// Writes `bytes` as `identity.json`, starts a tracker delivering to the collector, tracks one event and
    /// uploads it.
    private func deliver(identityBytes bytes: Data) async throws -> Delivered {
        let fixture = try PipelineFixture()
        let file = fixture.trackerDirectory.appendingPathComponent("identity.json")
        try FileManager.default.createDirectory(at: fixture.trackerDirectory, withIntermediateDirectories: true)
        try bytes.write(to: file)
        let sink = fixture.sink()
        let tracker = await MainActor.run { Tracker(configuration: fixture.trackerConfiguration(), sinks: [sink]) }
        tracker.track("after_tampering", properties: ["n": 1])
        _ = await fixture.flushUntilNothingIsLeft(sink)
        SessionStore.waitForSaves()

        let messages = fixture.collector.requests.flatMap(\.messages)
        XCTAssertEqual(messages.map { $0["event"] as? String }, ["after_tampering"], "\(fixture.diagnostics.all)")
        let savedBytes = try Data(contentsOf: file)
        let saved = try XCTUnwrap(JSONSerialization.jsonObject(with: savedBytes) as? [String: Any])
        _ = tracker
        return Delivered(message: messages.first ?? [:], diagnostics: fixture.diagnostics.codes,
                         savedByteCount: savedBytes.count, savedIdentity: saved)
    }

    private static func write(_ content: [String: Any], to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: content).write(to: file)
    }

    /// Levels of arrays around the innermost value.
    private static func depth(of value: Any) -> Int {
        var depth = 0
        var value = value
        while let array = value as? [Any] {
            depth += 1
            guard let first = array.first else { break }
            value = first
        }
        return depth
    }
}

private extension PipelineFixture {
    /// Where ``trackerConfiguration()`` stores the tracker's files.
    var trackerDirectory: URL {
        root.appendingPathComponent("tracker", isDirectory: true)
    }
}
