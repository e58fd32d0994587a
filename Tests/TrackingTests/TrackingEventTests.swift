import XCTest
import Tracking

final class TrackingEventTests: XCTestCase {
    private let screen = TrackingScreen(screenName: "profile", identifier: "u1", properties: ["tab": 2])
    private let element = TrackingElement(elementType: "spark_button", identifier: "42", properties: ["promoted": true])

    func testSubjectIsTheElementWhenThereIsOne() {
        let event = TrackingEvent(timestamp: Date(), kind: .impression, element: element, screen: screen, visibleRatio: 0.75)
        XCTAssertEqual(event.name, "spark_button")
        XCTAssertEqual(event.identifier, "42")
        XCTAssertEqual(event.properties, ["promoted": true])
        XCTAssertEqual(event.screen, screen)
    }

    func testSubjectIsTheScreenForScreenViews() {
        let event = TrackingEvent(timestamp: Date(), kind: .screenView, screen: screen, visibleRatio: 1)
        XCTAssertEqual(event.name, "profile")
        XCTAssertEqual(event.identifier, "u1")
        XCTAssertEqual(event.properties, ["tab": 2])
    }

    func testElementWithoutIdentifierDoesNotBorrowTheScreens() {
        let event = TrackingEvent(
            timestamp: Date(), kind: .impression, element: TrackingElement(elementType: "x"), screen: screen, visibleRatio: 1
        )
        XCTAssertNil(event.identifier)
    }

    func testJSONRoundTripAndShape() throws {
        let event = TrackingEvent(
            id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
            timestamp: Date(timeIntervalSince1970: 0),
            kind: .impression, element: element, screen: screen, visibleRatio: 0.5
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(event)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), """
        {"element":{"elementType":"spark_button","identifier":"42","properties":{"promoted":true}},"eventProperties":{},\
        "id":"00000000-0000-0000-0000-000000000001","kind":"impression",\
        "screen":{"identifier":"u1","properties":{"tab":2},"screenName":"profile"},\
        "timestamp":-978307200,"visibleRatio":0.5}
        """)
        XCTAssertEqual(try JSONDecoder().decode(TrackingEvent.self, from: data), event)
    }

    func testDescriptionIsOneReadableLine() {
        let event = TrackingEvent(timestamp: Date(), kind: .impression, element: element, screen: screen, visibleRatio: 0.754)
        XCTAssertEqual(event.description, "impression spark_button#42 on profile#u1 ratio=0.75 {promoted=true}")
        let view = TrackingEvent(timestamp: Date(), kind: .screenView, screen: TrackingScreen(screenName: "feed"), visibleRatio: 1)
        XCTAssertEqual(view.description, "screen_view feed ratio=1.0")
    }

    func testKindsAreOpenStrings() {
        let tap: TrackingEventKind = "tap"
        XCTAssertEqual(tap.rawValue, "tap")
        XCTAssertEqual(TrackingEventKind.screenView.rawValue, "screen_view")
        XCTAssertEqual(TrackingEventKind.impression.description, "impression")
    }

    func testScreenEndedCarriesItsDurationInJSONAndJSONWithoutOneStillDecodes() throws {
        let end = TrackingEvent(
            id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, timestamp: Date(timeIntervalSince1970: 0),
            kind: .screenEnded, screen: TrackingScreen(screenName: "feed"), visibleRatio: 1, visibleDuration: 3.25
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(end)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), """
        {"eventProperties":{},"id":"00000000-0000-0000-0000-000000000002","kind":"screen_ended",\
        "screen":{"properties":{},"screenName":"feed"},"timestamp":-978307200,"visibleDuration":3.25,"visibleRatio":1}
        """)
        XCTAssertEqual(try JSONDecoder().decode(TrackingEvent.self, from: data), end)
        XCTAssertEqual(end.description, "screen_ended feed ratio=1.0 visible=3.25s")

        // Written before the field existed (what a sink may have persisted): decodes, without a duration.
        let older = Data("""
        {"eventProperties":{},"id":"00000000-0000-0000-0000-000000000003","kind":"screen_view",\
        "screen":{"properties":{},"screenName":"feed"},"timestamp":0,"visibleRatio":1}
        """.utf8)
        let decoded = try JSONDecoder().decode(TrackingEvent.self, from: older)
        XCTAssertEqual(decoded.kind, .screenView)
        XCTAssertNil(decoded.visibleDuration)
        XCTAssertEqual(TrackingEventKind.screenEnded.rawValue, "screen_ended")
    }
}
