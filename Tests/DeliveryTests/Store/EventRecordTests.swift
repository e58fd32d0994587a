import XCTest
@testable import Tracking
import TestSupport

/// The binary record format: every field round-trips, extremes included, and a damaged payload throws
/// instead of trapping.
final class EventRecordTests: XCTestCase {
    private func roundTrip(_ event: TrackingEvent) throws -> TrackingEvent {
        var encoder = EventRecordEncoder()
        if let context = event.context { encoder.appendContext(context) }
        encoder.appendEvent(event)
        var payloads: [ArraySlice<UInt8>] = []
        let outcome = SegmentParser.parse(RecordFormat.header + encoder.bytes) { payloads.append($0) }
        XCTAssertEqual(outcome.tailByteCount, 0)
        XCTAssertEqual(outcome.corruptRecordCount, 0)
        let context = event.context == nil ? nil : try EventRecordDecoder.context(from: payloads[0])
        return try EventRecordDecoder.event(from: payloads.last!, context: context)
    }

    func testExtremeValuesRoundTrip() throws {
        let event = TrackingEvent(
            id: UUID(), timestamp: Date(timeIntervalSince1970: -1.5), kind: "custom_kind",
            element: TrackingElement(elementType: "", identifier: "", properties: [
                "min": .int(.min), "max": .int(.max), "zero": 0, "minus": -1, "tiny": .double(.leastNonzeroMagnitude),
                "big": .double(.greatestFiniteMagnitude), "no": false, "empty": "", "emoji": "👩‍👩‍👧 e\u{301}",
            ]),
            screen: nil, visibleRatio: -0.0, eventName: "x", eventProperties: [:],
            identity: TrackingIdentity(anonymousID: UUID(), userID: ""), context: nil
        )
        let decoded = try roundTrip(event)
        XCTAssertEqual(decoded, event)
        XCTAssertEqual(decoded.element?.identifier, "", "an empty identifier is not nil")
        XCTAssertEqual(decoded.identity?.userID, "")
    }

    func testEventsWithoutOptionalPartsRoundTrip() throws {
        let bare = TrackingEvent(timestamp: Date(timeIntervalSince1970: 1_700_000_000.123), kind: .identify, screen: nil, visibleRatio: 0)
        XCTAssertEqual(try roundTrip(bare), bare)
        let screenOnly = TrackingEvent(
            timestamp: Date(), kind: .screenView, screen: TrackingScreen(screenName: "home", identifier: nil), visibleRatio: 1,
            context: StoreFixture.context
        )
        XCTAssertEqual(try roundTrip(screenOnly), screenOnly)
    }

    func testTimestampsRoundTripBitForBit() throws {
        var random = SplitMix64(seed: 12)
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSinceReferenceDate: Double(random.next() % 2_000_000_000) / 3 + 0.123_456_789)
            let event = TrackingEvent(timestamp: date, kind: .track, screen: nil, visibleRatio: 0, eventName: "t")
            XCTAssertEqual(try roundTrip(event).timestamp, date)
        }
    }

    func testEveryTruncationOfAPayloadThrowsInsteadOfTrapping() throws {
        var encoder = EventRecordEncoder()
        encoder.appendEvent(StoreFixture().event(3))
        let payload = encoder.bytes.dropFirst(RecordFormat.frameHeaderSize)
        for length in 0..<payload.count {
            XCTAssertThrowsError(try EventRecordDecoder.event(from: payload.prefix(length), context: nil), "length \(length)")
        }
        XCTAssertNoThrow(try EventRecordDecoder.event(from: payload, context: nil))
    }

    func testChecksumIsTheStandardCRC32() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
    }
}
