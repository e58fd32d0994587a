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

    func testAScreenEndsDurationRoundTripsAndEveryTruncationThrows() throws {
        let end = TrackingEvent(
            timestamp: Date(timeIntervalSince1970: 1_700_000_000.5), kind: .screenEnded,
            screen: TrackingScreen(screenName: "detail", identifier: "p7", properties: ["tab": 2]), visibleRatio: 0.75,
            identity: TrackingIdentity(anonymousID: UUID()), context: StoreFixture.context, visibleDuration: 3.000_125
        )
        XCTAssertEqual(try roundTrip(end), end)
        var encoder = EventRecordEncoder()
        encoder.appendEvent(end)
        let payload = encoder.bytes.dropFirst(RecordFormat.frameHeaderSize)
        for length in 0..<payload.count {
            XCTAssertThrowsError(try EventRecordDecoder.event(from: payload.prefix(length), context: nil), "length \(length)")
        }
    }

    /// A record of the layout written before events had a duration, byte by byte: it decodes without one,
    /// and an event without one is still written to exactly these bytes.
    func testARecordWrittenBeforeDurationsExistedDecodesUnchanged() throws {
        let id = UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!
        var payload: [UInt8] = [RecordFormat.RecordType.event.rawValue]
        payload += withUnsafeBytes(of: id.uuid) { Array($0) }
        payload += withUnsafeBytes(of: (1.5 as Double).bitPattern.littleEndian) { Array($0) }
        payload.append(0b0000_0010)                                       // flags: a screen
        payload += [11] + Array("screen_view".utf8)
        payload += withUnsafeBytes(of: (1.0 as Double).bitPattern.littleEndian) { Array($0) }
        payload += [4] + Array("home".utf8) + [0, 0]                      // name, no identifier, no properties
        payload += [0]                                                    // no event properties
        let event = try EventRecordDecoder.event(from: payload[...], context: nil)
        XCTAssertEqual(event, TrackingEvent(
            id: id, timestamp: Date(timeIntervalSinceReferenceDate: 1.5), kind: .screenView,
            screen: TrackingScreen(screenName: "home"), visibleRatio: 1
        ))
        XCTAssertNil(event.visibleDuration)
        var encoder = EventRecordEncoder()
        encoder.appendEvent(event)
        XCTAssertEqual(Array(encoder.bytes.dropFirst(RecordFormat.frameHeaderSize)), payload)
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
