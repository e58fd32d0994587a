import Foundation
@testable import Tracking
import XCTest

final class WireBatchBuilderTests: XCTestCase {
    func testBodyIsTheBatchWithSentAtAndItsSizeIsExact() throws {
        let batch = WireBatch([Self.message(0, padding: 10), Self.message(1, padding: 20)])
        let sentAt = Date(timeIntervalSince1970: 1_795_000_000)
        let body = batch.body(sentAt: sentAt)
        XCTAssertEqual(body.count, batch.bodyByteCount)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any])
        XCTAssertEqual(json["sentAt"] as? String, "2026-11-18T11:06:40.000Z")
        let messages = try XCTUnwrap(json["batch"] as? [[String: Any]])
        XCTAssertEqual(messages.map { $0["messageId"] as? String }, ["m-0", "m-1"])
        XCTAssertEqual(WireBatch().body(sentAt: sentAt).count, WireBatch.wrapperByteCount)
    }

    func testPacksInOrderUnderTheRequestLimitAndDropsOversizedMessages() throws {
        var generator = SeededGenerator(seed: 99)
        var messages: [EncodedWireMessage] = []
        for index in 0..<800 {
            let padding = index == 17 || index == 400 ? 40_000 : Int.random(in: 100...3_000, using: &generator)
            messages.append(Self.message(index, padding: padding))
        }
        var diagnostics: [TrackingDiagnostic] = []
        let batches = WireBatchBuilder().batches(from: messages) { diagnostics.append($0) }
        XCTAssertEqual(diagnostics.map(\.code), [.messageTooLarge, .messageTooLarge])
        XCTAssertEqual(diagnostics[0].message, "a message of \(messages[17].bytes.count) bytes encoded is over the 32000-byte limit; dropped")
        let sent = batches.flatMap(\.messageIds)
        XCTAssertEqual(sent, messages.map(\.messageId).filter { $0 != "m-17" && $0 != "m-400" })
        for batch in batches {
            let body = batch.body(sentAt: Date())
            XCTAssertLessThanOrEqual(body.count, 500_000)
            XCTAssertEqual(body.count, batch.bodyByteCount)
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: body))
        }
        // Full: every batch but the last would have overflowed with the next message.
        for (batch, next) in zip(batches, batches.dropFirst()) {
            XCTAssertGreaterThan(batch.bodyByteCount(appending: next.messages[0]), 500_000)
        }
        XCTAssertGreaterThan(batches.count, 1)
    }

    func testCountLimitAndFirstBatchConsumption() {
        var builder = WireBatchBuilder()
        builder.limits.maximumMessageCount = 3
        let messages = [Self.message(0, padding: 10), Self.message(1, padding: 40_000), Self.message(2, padding: 10),
                        Self.message(3, padding: 10), Self.message(4, padding: 10)]
        var dropped = 0
        let first = builder.firstBatch(from: messages) { _ in dropped += 1 }
        XCTAssertEqual(first.batch.messageIds, ["m-0", "m-2", "m-3"])
        XCTAssertEqual(first.consumed, 4)
        XCTAssertEqual(dropped, 1)
    }

    func testSplitHalvesInOrder() throws {
        let batch = WireBatch((0..<5).map { Self.message($0, padding: 1) })
        let (first, second) = try XCTUnwrap(batch.split())
        XCTAssertEqual(first.messageIds, ["m-0", "m-1"])
        XCTAssertEqual(second.messageIds, ["m-2", "m-3", "m-4"])
        XCTAssertNil(WireBatch([Self.message(0, padding: 1)]).split())
    }

    // MARK: - Internal

    /// A track message of roughly `padding` bytes more than the minimum.
    static func message(_ index: Int, padding: Int) -> EncodedWireMessage {
        WireMessage(type: .track, messageId: "m-\(index)", timestamp: Date(timeIntervalSince1970: 1_795_000_000),
                    anonymousId: "anon", userId: nil, name: "Element Viewed",
                    properties: [WireJSONMember("pad", .string(String(repeating: "x", count: padding)))], context: []).encoded()
    }
}
