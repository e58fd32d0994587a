import TestSupport
import XCTest
@testable import Tracking

/// Issue 21: what `DeliverySink.receive` refuses before it touches the queue, and what it reports.
final class DeliverySinkAdmissionTests: XCTestCase {
    private func sink(_ fixture: StoreFixture, maximumStoredBytes: Int = 32 << 20) -> DeliverySink {
        var configuration = fixture.sinkConfiguration(
            writeKey: "app_key", storageDirectory: fixture.root.appendingPathComponent("Delivery")
        )
        configuration.maximumStoredBytes = maximumStoredBytes
        return DeliverySink(configuration: configuration)
    }

    private func event(_ fixture: StoreFixture, _ properties: TrackingProperties = [:], timestamp: Date? = nil) -> TrackingEvent {
        TrackingEvent(timestamp: timestamp ?? fixture.clock.now().date, kind: .track, screen: nil, visibleRatio: 0,
                      eventName: "order_completed", eventProperties: properties,
                      identity: TrackingIdentity(anonymousID: UUID()), context: .sample)
    }

    func testAnEventWithATimestampNoMessageCanCarryIsRefused() throws {
        let fixture = StoreFixture()
        let delivery = sink(fixture)
        for seconds in [TimeInterval.nan, .infinity, -.infinity, 1e300, -1e300] {
            try delivery.receive(event(fixture, timestamp: Date(timeIntervalSince1970: seconds)))
        }
        XCTAssertEqual(fixture.log.codes, Array(repeating: .invalidTimestamp, count: 5))
        XCTAssertEqual(fixture.log.all.first?.message,
                       "track event has a timestamp that is not finite or not within years 0000 to 9999; refused")
        XCTAssertEqual(delivery.store.countUnacknowledgedEvents(), 0)
        XCTAssertEqual(delivery.statistics.dropped, 5)
        XCTAssertEqual(delivery.statistics.stored, 0)
    }

    /// Issue 21: one 3 MB event evicted 1,000 queued events under a 1 MiB cap and was stored anyway.
    func testAnEventOverTheMessageLimitIsRefusedAndEvictsNothing() throws {
        let fixture = StoreFixture()
        let delivery = sink(fixture, maximumStoredBytes: 1 << 20)
        for index in 0..<1_000 { try delivery.receive(event(fixture, ["index": .int(index)])) }
        XCTAssertEqual(fixture.log.all, [])

        try delivery.receive(event(fixture, ["blob": .string(String(repeating: "x", count: 3 << 20))]))
        XCTAssertEqual(fixture.log.all, [TrackingDiagnostic(
            code: .messageTooLarge,
            message: "track event is at least 3145932 bytes encoded, over the 32000-byte message limit; refused"
        )])
        XCTAssertEqual(delivery.store.countUnacknowledgedEvents(), 1_000)
        XCTAssertEqual(delivery.statistics.stored, 1_000)
        XCTAssertEqual(delivery.statistics.dropped, 1)
        delivery.store.sealOpenSegment()
        XCTAssertEqual(StoreFixture.allEvents(delivery.store).map { $0.eventProperties["index"] }, (0..<1_000).map { .int($0) })
    }

    func testTheSizeCheckIsALowerBoundOfTheMessage() throws {
        let fixture = StoreFixture()
        let delivery = sink(fixture)
        // Just under the limit by the check, and over it once encoded (the context is not counted).
        let fits = event(fixture, ["blob": .string(String(repeating: "x", count: 31_700))])
        try delivery.receive(fits)
        XCTAssertEqual(fixture.log.all, [])
        let message = try XCTUnwrap(WireMessage(event: fits, naming: TrackingWireNaming())).encoded()
        XCTAssertGreaterThan(message.bytes.count, 32_000)
    }

    func testPropertiesNestedDeeperThanTheRecordFormatAreRefused() throws {
        let fixture = StoreFixture()
        let delivery = sink(fixture)
        func nested(_ depth: Int) -> TrackingPropertyValue {
            var value: TrackingPropertyValue = 1
            for _ in 1..<depth { value = ["k": value] }
            return value
        }
        try delivery.receive(event(fixture, ["v": nested(RecordFormat.maximumValueDepth)]))
        XCTAssertEqual(fixture.log.all, [])
        try delivery.receive(event(fixture, ["v": nested(10_000)]))
        XCTAssertEqual(fixture.log.all, [TrackingDiagnostic(
            code: .propertiesTooDeep, message: "track event has property values nested over 32 levels deep; refused"
        )])
        XCTAssertEqual(delivery.store.countUnacknowledgedEvents(), 1)
    }

    func testAnAppPropertyNamedLikeAnSDKKeyIsReportedAndStored() throws {
        let fixture = StoreFixture()
        let delivery = sink(fixture)
        let impression = TrackingEvent(
            timestamp: fixture.clock.now().date, kind: .impression,
            element: TrackingElement(elementType: "spark_button", properties: ["element_type": "mine", "visible_ratio": 2]),
            screen: nil, visibleRatio: 1, identity: TrackingIdentity(anonymousID: UUID())
        )
        try delivery.receive(impression)
        XCTAssertEqual(fixture.log.all.map(\.description), [
            #"[Tracking] reserved_property_key: impression event has a property named "element_type", a key the SDK adds; the SDK's value is sent, the property is not"#,
            #"[Tracking] reserved_property_key: impression event has a property named "visible_ratio", a key the SDK adds; the SDK's value is sent, the property is not"#,
        ])
        XCTAssertEqual(delivery.store.countUnacknowledgedEvents(), 1)
    }
}
