import XCTest
import Tracking

/// Property values: literals, numeric equality across cases, and a lossless JSON round trip.
final class TrackingPropertyValueTests: XCTestCase {
    func testNumbersCompareAndHashByValue() {
        XCTAssertEqual(TrackingPropertyValue.int(3), .double(3.0))
        XCTAssertEqual(Set<TrackingPropertyValue>([.int(3), .double(3.0)]).count, 1)
        XCTAssertNotEqual(TrackingPropertyValue.int(3), .double(3.5))
        XCTAssertNotEqual(TrackingPropertyValue.int(1), .bool(true))
        XCTAssertNotEqual(TrackingPropertyValue.string("3"), .int(3))
        XCTAssertNotEqual(TrackingPropertyValue.int(Int.max), .double(Double(Int.max)), "not exactly representable")
    }

    func testJSONRoundTripKeepsEveryValueEqual() throws {
        let properties: TrackingProperties = ["position": 3, "score": 3.0, "ratio": 0.25, "promoted": true, "title": "Hello"]
        let data = try JSONEncoder().encode(properties)
        let decoded = try JSONDecoder().decode(TrackingProperties.self, from: data)
        XCTAssertEqual(decoded, properties)
        let element = TrackingElement(elementType: "card", properties: properties)
        let decodedElement = try JSONDecoder().decode(TrackingElement.self, from: JSONEncoder().encode(element))
        XCTAssertEqual(decodedElement, element, "a component's identity survives persistence")
        XCTAssertEqual(decodedElement.hashValue, element.hashValue)
    }
}
