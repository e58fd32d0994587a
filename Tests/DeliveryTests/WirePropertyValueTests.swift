import Foundation
@testable import Tracking
import TestSupport
import XCTest

/// Rich property values and the SDK's own keys, as exact bytes on the wire.
final class WirePropertyValueTests: XCTestCase {
    private static let eventID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    private static let when = Date(timeIntervalSince1970: 1_795_000_000.25)
    private static let identity = TrackingIdentity(anonymousID: UUID(uuidString: "3F2A9C4E-5B1D-4E8F-9A7C-2D6E1B0F8A3C")!)
    private static let head =
        #"{"type":"track","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","event":"#

    private func json(_ event: TrackingEvent) throws -> String {
        String(decoding: try XCTUnwrap(WireMessage(event: event, naming: TrackingWireNaming())).encoded().bytes, as: UTF8.self)
    }

    private func track(_ properties: TrackingProperties) -> TrackingEvent {
        TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .track, screen: nil, visibleRatio: 0,
                      eventName: "order_completed", eventProperties: properties, identity: Self.identity)
    }

    func testEveryValueKindIsWrittenAsJSONThroughTheBatchWriter() throws {
        let placed = Date(timeIntervalSince1970: 1_795_000_000.1239)
        let event = track([
            "array": ["a", 1, 2.5, true, nil],
            "coupon": nil,
            "empty_array": [],
            "empty_object": [:],
            "nested": ["zip": 10115, "city": "Berlin", "geo": ["lat": 52.52, "tags": ["x"]]],
            "nan_inside": [.double(.nan)],
            "placed_at": .date(placed),
            "before_1970": .date(Date(timeIntervalSince1970: -0.001)),
        ])
        let message = try XCTUnwrap(WireMessage(event: event, naming: TrackingWireNaming())).encoded()
        let expected = Self.head
            + #""order_completed","properties":{"array":["a",1,2.5,true,null],"before_1970":"1969-12-31T23:59:59.999Z","coupon":null,"#
            + #""empty_array":[],"empty_object":{},"nan_inside":[null],"#
            + #""nested":{"city":"Berlin","geo":{"lat":52.52,"tags":["x"]},"zip":10115},"placed_at":"2026-11-18T11:06:40.123Z"},"context":{}}"#
        XCTAssertEqual(String(decoding: message.bytes, as: UTF8.self), expected)
        let body = WireBatch([message]).body(sentAt: Self.when)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), #"{"batch":["# + expected + #"],"sentAt":"2026-11-18T11:06:40.250Z"}"#)
    }

    func testTheSDKsKeysWinOverAppPropertiesOfTheSameName() throws {
        let impression = TrackingEvent(
            id: Self.eventID, timestamp: Self.when, kind: .impression,
            element: TrackingElement(elementType: "spark_button", properties: [
                "element_type": "mine", "element_id": "app-id", "screen_name": "fake", "visible_ratio": 5, "rank": 3,
            ]),
            screen: TrackingScreen(screenName: "feed"), visibleRatio: 0.75, identity: Self.identity
        )
        XCTAssertEqual(try json(impression), Self.head
            + #""Element Viewed","properties":{"element_id":"app-id","rank":3,"element_type":"spark_button","screen_name":"feed","visible_ratio":0.75},"context":{}}"#,
            "element_id is the app's: the element has no identifier, so the SDK adds no element_id")
        XCTAssertEqual(WireMessage.shadowedPropertyKeys(of: impression, naming: TrackingWireNaming()),
                       ["element_type", "screen_name", "visible_ratio"])

        let screenView = TrackingEvent(
            id: Self.eventID, timestamp: Self.when, kind: .screenView,
            screen: TrackingScreen(screenName: "feed", identifier: "7", properties: ["screen_id": "mine", "tab": 1]),
            visibleRatio: 1, identity: Self.identity
        )
        let screenJSON = try json(screenView)
        XCTAssertTrue(screenJSON.contains(#""properties":{"tab":1,"screen_id":"7","visible_ratio":1}"#), screenJSON)
        XCTAssertEqual(WireMessage.shadowedPropertyKeys(of: screenView, naming: TrackingWireNaming()), ["screen_id"])
        XCTAssertEqual(WireMessage.shadowedPropertyKeys(of: track(["element_type": "x"]), naming: TrackingWireNaming()), [],
                       "a track event has no SDK keys")
        XCTAssertTrue(try json(track(["element_type": "x"])).contains(#""properties":{"element_type":"x"}"#))
    }

    func testAnEventWithATimestampNoISOStringCanCarryHasNoMessage() {
        for seconds in [TimeInterval.nan, .infinity, -.infinity, 1e300, -1e300] {
            var event = track([:])
            event.timestamp = Date(timeIntervalSince1970: seconds)
            XCTAssertNil(WireMessage(event: event, naming: TrackingWireNaming()), "\(seconds)")
        }
    }
}
