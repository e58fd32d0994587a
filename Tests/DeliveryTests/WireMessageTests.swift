import Foundation
@testable import Tracking
import TestSupport
import XCTest

final class WireMessageTests: XCTestCase {
    private static let eventID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    private static let when = Date(timeIntervalSince1970: 1_795_000_000.25)
    private static let anonymousID = UUID(uuidString: "3F2A9C4E-5B1D-4E8F-9A7C-2D6E1B0F8A3C")!
    /// The sample context with a fractional height (numbers keep their fraction on the wire) in London.
    private static let context: TrackingContext = {
        var context = TrackingContext.sample
        context.screen.height = 844.5
        context.locale = "en-GB"
        context.timezone = "Europe/London"
        return context
    }()

    func testScreenViewBecomesAScreenCall() throws {
        let event = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .screenView,
                                  screen: TrackingScreen(screenName: "my_profile", identifier: "42", properties: ["tab": "main"]), visibleRatio: 1,
                                  identity: TrackingIdentity(anonymousID: Self.anonymousID), context: Self.context)
        let message = try XCTUnwrap(WireMessage(event: event, naming: TrackingWireNaming()))
        XCTAssertEqual(String(decoding: message.encoded().bytes, as: UTF8.self),
                       #"{"type":"screen","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","name":"my_profile","properties":{"tab":"main","screen_id":"42","visible_ratio":1},"context":{"library":{"name":"Sightline","version":"0.2.0"},"app":{"name":"Shop","version":"2.1","build":"214","namespace":"com.example.shop"},"device":{"manufacturer":"Apple","model":"iPhone15,2","name":"iPhone","type":"ios"},"os":{"name":"iOS","version":"17.5"},"screen":{"width":390,"height":844.5,"density":3},"locale":"en-GB","timezone":"Europe/London"}}"#)
    }

    func testImpressionBecomesATrackCallWithRenamableKeys() throws {
        let event = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .impression,
                                  element: TrackingElement(elementType: "spark_button", identifier: "7", properties: ["rank": 3]),
                                  screen: TrackingScreen(screenName: "feed"), visibleRatio: 0.75,
                                  identity: TrackingIdentity(anonymousID: Self.anonymousID, userID: "user-9"))
        var naming = TrackingWireNaming()
        naming.impressionEvent = "Impression"
        naming.propertyKeys.elementType = "component"
        let message = try XCTUnwrap(WireMessage(event: event, naming: naming))
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

    func testTapAndRageTapBecomeTrackCallsWithTheElementsKeysAndTheTapCount() throws {
        let element = TrackingElement(elementType: "feed_card", identifier: "7", properties: ["rank": 3])
        let screen = TrackingScreen(screenName: "feed", identifier: "main")
        let identity = TrackingIdentity(anonymousID: Self.anonymousID)
        let tap = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .tap, element: element, screen: screen,
                                visibleRatio: 0.75, identity: identity)
        let message = try XCTUnwrap(WireMessage(event: tap, naming: TrackingWireNaming()))
        XCTAssertEqual(String(decoding: message.encoded().bytes, as: UTF8.self),
                       #"{"type":"track","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","event":"Element Tapped","properties":{"rank":3,"element_type":"feed_card","element_id":"7","screen_name":"feed","screen_id":"main"},"context":{}}"#)

        let rage = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .rageTap, element: element, screen: screen,
                                 visibleRatio: 0.75, eventProperties: ["tap_count": 4], identity: identity)
        XCTAssertEqual(rage.tapCount, 4)
        var naming = TrackingWireNaming()
        naming.tapEvent = "Tap"
        naming.rageTapEvent = "Frustrated Tap"
        naming.propertyKeys.tapCount = "taps"
        naming.propertyKeys.elementType = "component"
        let rageMessage = try XCTUnwrap(WireMessage(event: rage, naming: naming))
        XCTAssertEqual(String(decoding: rageMessage.encoded().bytes, as: UTF8.self),
                       #"{"type":"track","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","event":"Frustrated Tap","properties":{"rank":3,"component":"feed_card","element_id":"7","screen_name":"feed","screen_id":"main","taps":4},"context":{}}"#)
        XCTAssertEqual(try XCTUnwrap(WireMessage(event: tap, naming: naming)).name, "Tap")
    }

    func testADeadTapBecomesATrackCallWithItsPositionUnderRenamableNames() throws {
        let element = TrackingElement(elementType: "buy_button", identifier: "7")
        var properties: TrackingProperties = [:]
        TrackingTapPosition(x: 80, y: 122, elementX: 0.5, elementY: 0.25).write(into: &properties)
        let dead = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .deadTap, element: element,
                                 screen: TrackingScreen(screenName: "shop"), visibleRatio: 1, eventProperties: properties,
                                 identity: TrackingIdentity(anonymousID: Self.anonymousID))
        let message = try XCTUnwrap(WireMessage(event: dead, naming: TrackingWireNaming()))
        XCTAssertEqual(String(decoding: message.encoded().bytes, as: UTF8.self),
                       #"{"type":"track","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","event":"Dead Tap","properties":{"element_type":"buy_button","element_id":"7","screen_name":"shop","tap_x":80,"tap_y":122,"tap_element_x":0.5,"tap_element_y":0.25},"context":{}}"#)
        var naming = TrackingWireNaming()
        naming.deadTapEvent = "Unresponsive Tap"
        XCTAssertEqual(try XCTUnwrap(WireMessage(event: dead, naming: naming)).name, "Unresponsive Tap")
    }

    func testATapWithoutAnElementHasNoMessageAndAnAppPropertyNamedLikeTheTapCountIsShadowed() {
        let tap = TrackingEvent(timestamp: Self.when, kind: .tap, screen: TrackingScreen(screenName: "feed"), visibleRatio: 1,
                                identity: TrackingIdentity(anonymousID: Self.anonymousID))
        XCTAssertNil(WireMessage(event: tap, naming: TrackingWireNaming()))
        let rage = TrackingEvent(timestamp: Self.when, kind: .rageTap,
                                 element: TrackingElement(elementType: "card", properties: ["tap_count": "mine", "screen_name": "x"]),
                                 screen: TrackingScreen(screenName: "feed"), visibleRatio: 1, eventProperties: ["tap_count": 3],
                                 identity: TrackingIdentity(anonymousID: Self.anonymousID))
        XCTAssertEqual(WireMessage.shadowedPropertyKeys(of: rage, naming: TrackingWireNaming()), ["screen_name", "tap_count"])
    }

    func testTapsCarryTheFingersPositionUnderRenamableKeysAndShadowAppPropertiesOfThoseNames() throws {
        var properties: TrackingProperties = [:]
        TrackingTapPosition(x: 110.5, y: 150, elementX: 0.25, elementY: 1).write(into: &properties)
        let element = TrackingElement(elementType: "feed_card", properties: ["tap_x": "mine"])
        let identity = TrackingIdentity(anonymousID: Self.anonymousID)
        let tap = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .tap, element: element,
                                screen: TrackingScreen(screenName: "feed"), visibleRatio: 1, eventProperties: properties, identity: identity)
        XCTAssertEqual(tap.tapPosition, TrackingTapPosition(x: 110.5, y: 150, elementX: 0.25, elementY: 1))
        let message = try XCTUnwrap(WireMessage(event: tap, naming: TrackingWireNaming()))
        XCTAssertEqual(String(decoding: message.encoded().bytes, as: UTF8.self),
                       #"{"type":"track","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","event":"Element Tapped","properties":{"element_type":"feed_card","screen_name":"feed","tap_x":110.5,"tap_y":150,"tap_element_x":0.25,"tap_element_y":1},"context":{}}"#)
        XCTAssertEqual(WireMessage.shadowedPropertyKeys(of: tap, naming: TrackingWireNaming()), ["tap_x"])

        var rageProperties = properties
        rageProperties[TrackingEvent.tapCountKey] = 4
        let rage = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .rageTap, element: TrackingElement(elementType: "feed_card"),
                                 screen: nil, visibleRatio: 1, eventProperties: rageProperties, identity: identity)
        var naming = TrackingWireNaming()
        naming.propertyKeys.tapX = "x"
        naming.propertyKeys.tapY = "y"
        naming.propertyKeys.tapElementX = "element_x"
        naming.propertyKeys.tapElementY = "element_y"
        let rageMessage = try XCTUnwrap(WireMessage(event: rage, naming: naming))
        XCTAssertEqual(String(decoding: rageMessage.encoded().bytes, as: UTF8.self),
                       #"{"type":"track","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","event":"Rage Tap","properties":{"element_type":"feed_card","tap_count":4,"x":110.5,"y":150,"element_x":0.25,"element_y":1},"context":{}}"#)

        // Impressions and explicit events have no tap position, whatever their properties say.
        let impression = TrackingEvent(timestamp: Self.when, kind: .impression, element: TrackingElement(elementType: "feed_card"),
                                       screen: nil, visibleRatio: 1, eventProperties: properties, identity: identity)
        let impressionMessage = try XCTUnwrap(WireMessage(event: impression, naming: TrackingWireNaming()))
        XCTAssertFalse(String(decoding: impressionMessage.encoded().bytes, as: UTF8.self).contains("tap_x"))
        XCTAssertNil(impression.tapPosition)
        let explicit = TrackingEvent(timestamp: Self.when, kind: .track, screen: nil, visibleRatio: 0, eventName: "order_completed",
                                     eventProperties: properties, identity: identity)
        XCTAssertNil(explicit.tapPosition)
    }

    func testScreenEndedBecomesATrackCallWithWholeMillisecondsUnderRenamableNames() throws {
        let end = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .screenEnded,
                                screen: TrackingScreen(screenName: "my_profile", identifier: "42", properties: ["tab": "main"]),
                                visibleRatio: 0.8, identity: TrackingIdentity(anonymousID: Self.anonymousID),
                                visibleDuration: 3.000_6)
        let message = try XCTUnwrap(WireMessage(event: end, naming: TrackingWireNaming()))
        XCTAssertEqual(String(decoding: message.encoded().bytes, as: UTF8.self),
                       #"{"type":"track","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","event":"Screen Ended","properties":{"tab":"main","screen_name":"my_profile","screen_id":"42","visible_ms":3001},"context":{}}"#)

        var naming = TrackingWireNaming()
        naming.screenEndedEvent = "Page Left"
        naming.propertyKeys.visibleDuration = "duration_ms"
        var shadowing = end
        shadowing.screen?.properties = ["duration_ms": "the app's", "visible_ms": 1]
        XCTAssertEqual(WireMessage.shadowedPropertyKeys(of: shadowing, naming: naming), ["duration_ms"])
        let renamed = try XCTUnwrap(WireMessage(event: shadowing, naming: naming))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(renamed.encoded().bytes)) as? [String: Any])
        XCTAssertEqual(json["event"] as? String, "Page Left")
        let properties = try XCTUnwrap(json["properties"] as? [String: Any])
        XCTAssertEqual(properties["duration_ms"] as? Int, 3001, "the SDK's value wins")
        XCTAssertEqual(properties["visible_ms"] as? Int, 1, "no longer an SDK key")
        XCTAssertNil(properties["visible_ratio"])
    }

    func testScreenEndedCarriesScrollDepthAndElementsViewedUnderRenamableNames() throws {
        let end = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .screenEnded,
                                screen: TrackingScreen(screenName: "feed"), visibleRatio: 1,
                                eventProperties: ["scroll_depth": 0.4375, "elements_viewed": 2],
                                identity: TrackingIdentity(anonymousID: Self.anonymousID), visibleDuration: 2.25)
        XCTAssertEqual(end.scrollDepth, 0.4375)
        XCTAssertEqual(end.elementsViewed, 2)
        let message = try XCTUnwrap(WireMessage(event: end, naming: TrackingWireNaming()))
        XCTAssertEqual(String(decoding: message.encoded().bytes, as: UTF8.self),
                       #"{"type":"track","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","event":"Screen Ended","properties":{"screen_name":"feed","visible_ms":2250,"scroll_depth":0.4375,"elements_viewed":2},"context":{}}"#)

        var naming = TrackingWireNaming()
        naming.propertyKeys.scrollDepth = "depth"
        naming.propertyKeys.elementsViewed = "items_seen"
        var shadowing = end
        shadowing.screen?.properties = ["depth": "the app's"]
        XCTAssertEqual(WireMessage.shadowedPropertyKeys(of: shadowing, naming: naming), ["depth"])
        let renamed = try XCTUnwrap(WireMessage(event: shadowing, naming: naming))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(renamed.encoded().bytes)) as? [String: Any])
        let properties = try XCTUnwrap(json["properties"] as? [String: Any])
        XCTAssertEqual(properties["depth"] as? Double, 0.4375, "the SDK's value wins")
        XCTAssertEqual(properties["items_seen"] as? Int, 2)
        XCTAssertNil(properties["scroll_depth"])
    }

    func testExposureBecomesATrackCallWithVisibleMillisecondsAndTheLargestRatioUnderRenamableNames() throws {
        let exposure = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .exposure,
                                     element: TrackingElement(elementType: "post", identifier: "p3", properties: ["position": 3]),
                                     screen: TrackingScreen(screenName: "feed"), visibleRatio: 0.75,
                                     identity: TrackingIdentity(anonymousID: Self.anonymousID), visibleDuration: 4.2)
        XCTAssertNil(exposure.tapPosition)
        XCTAssertNil(exposure.scrollDepth)
        let message = try XCTUnwrap(WireMessage(event: exposure, naming: TrackingWireNaming()))
        XCTAssertEqual(String(decoding: message.encoded().bytes, as: UTF8.self),
                       #"{"type":"track","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","event":"Element Exposure","properties":{"position":3,"element_type":"post","element_id":"p3","screen_name":"feed","visible_ms":4200,"max_visible_ratio":0.75},"context":{}}"#)

        var naming = TrackingWireNaming()
        naming.exposureEvent = "Post Read"
        naming.propertyKeys.maximumVisibleRatio = "peak_ratio"
        let renamed = try XCTUnwrap(WireMessage(event: exposure, naming: naming))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(renamed.encoded().bytes)) as? [String: Any])
        XCTAssertEqual(json["event"] as? String, "Post Read")
        let properties = try XCTUnwrap(json["properties"] as? [String: Any])
        XCTAssertEqual(properties["peak_ratio"] as? Double, 0.75)
        XCTAssertNil(properties["visible_ratio"])
    }

    func testScreenEndedDurationsThatNoClockGivesAreClampedOnTheWire() throws {
        for (seconds, milliseconds) in [(-1.0, 0), (.nan, 0), (.infinity, 0), (0.0004, 0), (0.0005, 1), (1e300, 9_007_199_254_740_991)] {
            let end = TrackingEvent(timestamp: Self.when, kind: .screenEnded, screen: TrackingScreen(screenName: "feed"),
                                    visibleRatio: 1, identity: TrackingIdentity(anonymousID: Self.anonymousID), visibleDuration: seconds)
            let message = try XCTUnwrap(WireMessage(event: end, naming: TrackingWireNaming()))
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(message.encoded().bytes)) as? [String: Any])
            let properties = try XCTUnwrap(json["properties"] as? [String: Any])
            XCTAssertEqual(properties["visible_ms"] as? Int, milliseconds, "\(seconds) s")
        }
    }

    func testExplicitEventBecomesATrackCallNamedByTheEvent() throws {
        let event = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .track, screen: nil, visibleRatio: 0,
                                  eventName: "Order Completed", eventProperties: ["total": 42.5, "items": 3],
                                  identity: TrackingIdentity(anonymousID: Self.anonymousID, userID: "user-9"))
        let message = try XCTUnwrap(WireMessage(event: event, naming: TrackingWireNaming()))
        XCTAssertEqual(String(decoding: message.encoded().bytes, as: UTF8.self),
                       #"{"type":"track","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","userId":"user-9","event":"Order Completed","properties":{"items":3,"total":42.5},"context":{}}"#)
    }

    func testIdentifyEventCarriesTraits() throws {
        let event = TrackingEvent(id: Self.eventID, timestamp: Self.when, kind: .identify, screen: nil, visibleRatio: 0,
                                  eventProperties: ["plan": "pro"], identity: TrackingIdentity(anonymousID: Self.anonymousID, userID: "user-9"))
        let message = try XCTUnwrap(WireMessage(event: event, naming: TrackingWireNaming()))
        XCTAssertEqual(String(decoding: message.encoded().bytes, as: UTF8.self),
                       #"{"type":"identify","messageId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","timestamp":"2026-11-18T11:06:40.250Z","anonymousId":"3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c","userId":"user-9","traits":{"plan":"pro"},"context":{}}"#)
    }

    func testEventsLackingWhatTheirKindNeedsHaveNoMessage() {
        XCTAssertNil(WireMessage(event: TrackingEvent(timestamp: Self.when, kind: .track, screen: nil, visibleRatio: 0), naming: TrackingWireNaming()))
        XCTAssertNil(WireMessage(event: TrackingEvent(timestamp: Self.when, kind: .screenView, screen: nil, visibleRatio: 1), naming: TrackingWireNaming()))
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
