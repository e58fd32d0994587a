import XCTest
@testable import Tracking
import TestSupport

/// Nested property values in the record format: they round-trip, records written before they existed still
/// decode, nesting and counts from a damaged record cannot exhaust the stack or memory, and the encoder
/// does not keep a big event's buffer.
final class EventRecordValueTests: XCTestCase {
    /// One framed event record written by the encoder before nested values existed (commit 87d9a5e): an
    /// impression with element, screen, event name, event properties of all four old value kinds and an
    /// identity.
    private static let oldRecord = hexBytes(
        "c30000007888ae7c010f1e2d3c4b5a69788796a5b4c3d2e1f000002020df56c8410f0a696d7072657373696f6e000000000000e83f"
            + "0c737061726b5f627574746f6e0334320208706f736974696f6e01060870726f6d6f74656403010466656564000205726174696f"
            + "02000000000000e03f057469746c65000548656c6c6f0f6f726465725f636f6d706c6574656403056d696e7573010d05746f7461"
            + "6c02000000000040454006636f75706f6e000653554d4d45521111111122223333444455555555555505752d3432"
    )

    private static func hexBytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    private func decode(_ framed: [UInt8]) throws -> TrackingEvent {
        var payloads: [ArraySlice<UInt8>] = []
        let outcome = SegmentParser.parse(RecordFormat.header + framed) { payloads.append($0) }
        XCTAssertEqual(outcome.corruptRecordCount, 0)
        XCTAssertEqual(outcome.tailByteCount, 0)
        return try EventRecordDecoder.event(from: try XCTUnwrap(payloads.last), context: nil)
    }

    func testARecordWrittenBeforeNestedValuesStillDecodes() throws {
        let expected = TrackingEvent(
            id: UUID(uuidString: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")!,
            timestamp: Date(timeIntervalSince1970: 1_795_000_000.25),
            kind: .impression,
            element: TrackingElement(elementType: "spark_button", identifier: "42", properties: ["position": 3, "promoted": true]),
            screen: TrackingScreen(screenName: "feed", identifier: nil, properties: ["title": "Hello", "ratio": 0.5]),
            visibleRatio: 0.75,
            eventName: "order_completed",
            eventProperties: ["total": 42.5, "minus": -7, "coupon": "SUMMER"],
            identity: TrackingIdentity(anonymousID: UUID(uuidString: "11111111-2222-3333-4444-555555555555")!, userID: "u-42")
        )
        XCTAssertEqual(try decode(Self.oldRecord), expected)
    }

    func testNestedValuesRoundTrip() throws {
        let event = TrackingEvent(
            timestamp: Date(timeIntervalSince1970: 1_795_000_000.25), kind: .track, screen: nil, visibleRatio: 0,
            eventName: "checkout",
            eventProperties: [
                "items": ["a", 1, 2.5, true, nil, [["deep": [1]]]],
                "address": ["zip": 10115, "city": "Berlin"],
                "none": nil, "empty": [], "at": .date(Date(timeIntervalSinceReferenceDate: 0.123_456_789)),
            ]
        )
        var encoder = EventRecordEncoder()
        encoder.appendEvent(event)
        XCTAssertEqual(try decode(encoder.bytes), event)
    }

    func testNestingDeeperThanTheFormatAllowsThrowsInsteadOfExhaustingTheStack() throws {
        func nested(_ depth: Int) -> TrackingPropertyValue {
            var value: TrackingPropertyValue = 1
            for _ in 1..<depth { value = .array([value]) }
            return value
        }
        var encoder = EventRecordEncoder()
        encoder.appendEvent(TrackingEvent(timestamp: Date(), kind: .track, screen: nil, visibleRatio: 0, eventName: "n",
                                          eventProperties: ["v": nested(RecordFormat.maximumValueDepth)]))
        XCTAssertNoThrow(try decode(encoder.bytes))
        encoder.removeAll()
        encoder.appendEvent(TrackingEvent(timestamp: Date(), kind: .track, screen: nil, visibleRatio: 0, eventName: "n",
                                          eventProperties: ["v": nested(RecordFormat.maximumValueDepth + 1)]))
        XCTAssertThrowsError(try decode(encoder.bytes))
    }

    func testAHugeCountInADamagedRecordThrowsWithoutAllocatingForIt() throws {
        var encoder = EventRecordEncoder()
        encoder.appendEvent(TrackingEvent(timestamp: Date(), kind: .track, screen: nil, visibleRatio: 0, eventName: "n",
                                          eventProperties: ["v": []]))
        var payload = Array(encoder.bytes.dropFirst(RecordFormat.frameHeaderSize))
        // The empty array's count is the last byte: make it a varint of 4 MiB, one step under the length cap.
        payload.removeLast()
        payload += [0x80, 0x80, 0x80, 0x02]
        XCTAssertThrowsError(try EventRecordDecoder.event(from: payload[...], context: nil)) { error in
            XCTAssertTrue("\(error)".hasPrefix("count 4194304 exceeds the record"), "\(error)")
        }
    }

    /// Issue 21: a 151 MB event left its buffer resident for the life of the process.
    func testTheEncoderDoesNotKeepABigEventsBuffer() {
        var encoder = EventRecordEncoder()
        encoder.appendEvent(TrackingEvent(timestamp: Date(), kind: .track, screen: nil, visibleRatio: 0, eventName: "big",
                                          eventProperties: ["blob": .string(String(repeating: "x", count: 3 << 20))]))
        XCTAssertGreaterThan(encoder.bytes.capacity, 3 << 20)
        encoder.removeAll()
        XCTAssertLessThanOrEqual(encoder.bytes.capacity, EventRecordEncoder.maximumRetainedCapacity)
        encoder.appendEvent(TrackingEvent(timestamp: Date(), kind: .track, screen: nil, visibleRatio: 0, eventName: "small"))
        let small = encoder.bytes.capacity
        encoder.removeAll()
        XCTAssertEqual(encoder.bytes.capacity, small, "a small buffer is kept, so ordinary events allocate nothing")
    }
}
