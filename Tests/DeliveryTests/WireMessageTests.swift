import Foundation
@testable import Tracking
import XCTest

final class WireMessageTests: XCTestCase {
    private static let eventID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    private static let when = Date(timeIntervalSince1970: 1_795_000_000.25)
    private static let context: [WireJSONMember] = [
        WireJSONMember("library", .object([WireJSONMember("name", .string("Sightline")), WireJSONMember("version", .string("0.1.0"))])),
        WireJSONMember("locale", .string("en-GB")),
        WireJSONMember("timezone", .string("Europe/London")),
    ]

    func testScreenViewBecomesAScreenCall() throws {
        let event = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .screenView,
                                  screen: TrackingScreen(screenName: "my_profile", identifier: "42", properties: ["tab": "main"]), visibleRatio: 1)
        let message = try XCTUnwrap(WireMessage(event: event, anonymousId: "anon-1", userId: nil, context: Self.context, naming: TrackingWireNaming()))
        XCTAssertEqual(String(decoding: message.encoded().bytes, as: UTF8.self),
                       #"{"type":"screen","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"anon-1","name":"my_profile","properties":{"tab":"main","screen_id":"42","visible_ratio":1},"context":{"library":{"name":"Sightline","version":"0.1.0"},"locale":"en-GB","timezone":"Europe/London"}}"#)
    }

    func testImpressionBecomesATrackCallWithRenamableKeys() throws {
        let event = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .impression,
                                  element: TrackingElement(elementType: "spark_button", identifier: "7", properties: ["rank": 3]),
                                  screen: TrackingScreen(screenName: "feed"), visibleRatio: 0.75)
        var naming = TrackingWireNaming()
        naming.impressionEvent = "Impression"
        naming.propertyKeys.elementType = "component"
        let message = try XCTUnwrap(WireMessage(event: event, anonymousId: "anon-1", userId: "user-9", context: [], naming: naming))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(message.encoded().bytes)) as? [String: Any])
        XCTAssertEqual(json["type"] as? String, "track")
        XCTAssertEqual(json["event"] as? String, "Impression")
        XCTAssertEqual(json["userId"] as? String, "user-9")
        XCTAssertNil(json["name"])
        let properties = try XCTUnwrap(json["properties"] as? [String: Any])
        XCTAssertEqual(properties["component"] as? String, "spark_button")
        XCTAssertEqual(properties["element_id"] as? String, "7")
        XCTAssertEqual(properties["screen_name"] as? String, "feed")
        XCTAssertEqual(properties["rank"] as? Int, 3)
        XCTAssertEqual(properties["visible_ratio"] as? Double, 0.75)
        XCTAssertEqual(Set(properties.keys), ["component", "element_id", "screen_name", "rank", "visible_ratio"])
    }

    func testIdentifyCarriesTraitsAndNoName() throws {
        let message = WireMessage(type: .identify, messageId: "m-1", timestamp: Self.when, anonymousId: "anon-1", userId: "user-9",
                                  name: "ignored", properties: [WireJSONMember("plan", .string("pro"))], context: [])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(message.encoded().bytes)) as? [String: Any])
        XCTAssertEqual(json["type"] as? String, "identify")
        XCTAssertEqual((json["traits"] as? [String: Any])?["plan"] as? String, "pro")
        XCTAssertNil(json["properties"])
        XCTAssertNil(json["name"])
        XCTAssertNil(json["event"])
    }
}
