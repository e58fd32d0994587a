import TestSupport
import Tracking
import XCTest

/// Issue 22: properties from variables without `.double(x)` ceremony, nested literals, `nil` and dates, through
/// the public API only (no `@testable`), so what compiles here compiles in an app.
final class TrackingPropertyVariableTests: HeadlessTestCase {
    func testVariablesOfEveryStandardTypeGoInAsTheyAre() {
        let directory = TemporaryDirectory.url("PropertyVariables")
        defer { TemporaryDirectory.remove(directory) }
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
            configuration.storageDirectory = directory
            let tracker = Tracker(configuration: configuration, sinks: [sink])

            let total = 42.5
            let quantity = 3
            let gift = true
            let currency = "EUR"
            let placedAt = Date(timeIntervalSince1970: 1_795_000_000.25)
            let skus = ["a-1", "b-2"]
            let prices = ["a-1": 9.5, "b-2": 33.0]
            let coupon: String? = nil
            let note: String? = "leave at door"
            let ratio: Float = 0.5
            tracker.track("order_completed", properties: [
                "total": total, "quantity": quantity, "gift": gift, "currency": currency, "placed_at": placedAt,
                "skus": skus, "prices": prices, "coupon": coupon, "note": note, "ratio": ratio, "literal": 1, "none": nil,
                "address": ["zip": 10115, "city": "Berlin"] as TrackingPropertyValue,
            ])
            tracker.screen("checkout", properties: ["step": quantity])
            tracker.identify(userID: "u-1", traits: ["vip": gift])
            tracker.track("literals", properties: ["nested": ["zip": 10115, "tags": ["a", 1, nil]], "empty": [:], "none": nil])

            XCTAssertEqual(sink.events.map(\.properties), [
                [
                    "total": .double(42.5), "quantity": .int(3), "gift": .bool(true), "currency": .string("EUR"),
                    "placed_at": .date(placedAt), "skus": .array([.string("a-1"), .string("b-2")]),
                    "prices": .object(["a-1": .double(9.5), "b-2": .double(33)]), "coupon": .null,
                    "note": .string("leave at door"), "ratio": .double(0.5), "literal": .int(1), "none": .null,
                    "address": .object(["zip": .int(10115), "city": .string("Berlin")]),
                ],
                ["step": .int(3)],
                ["vip": .bool(true)],
                ["nested": .object(["zip": .int(10115), "tags": .array([.string("a"), .int(1), .null])]), "empty": .object([:]), "none": .null],
            ])
            let position = 7
            XCTAssertEqual(TrackingElement(elementType: "card", properties: ["position": position]).properties, ["position": .int(7)])
            XCTAssertEqual(TrackingScreen(screenName: "feed", properties: ["tab": currency]).properties, ["tab": .string("EUR")])
            XCTAssertEqual(TrackingPropertyValue(skus), .array(["a-1", "b-2"]))
        }
    }

    func testNestedValuesRoundTripThroughJSONAndDatesBecomeTheirISOString() throws {
        let properties: TrackingProperties = [
            "items": ["a", 1, 2.5, true, nil], "address": ["zip": 10115], "none": nil,
            "at": .date(Date(timeIntervalSince1970: 1_795_000_000.25)),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(properties)
        XCTAssertEqual(String(decoding: data, as: UTF8.self),
                       #"{"address":{"zip":10115},"at":"2026-11-18T11:06:40.250Z","items":["a",1,2.5,true,null],"none":null}"#)
        var expected = properties
        expected["at"] = "2026-11-18T11:06:40.250Z"
        XCTAssertEqual(try JSONDecoder().decode(TrackingProperties.self, from: data), expected)
    }
}
