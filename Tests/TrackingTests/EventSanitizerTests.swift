import XCTest
@testable import Tracking

/// Scenario 23 (bad names and properties): a diagnostic, the event dropped or repaired, never a crash.
final class EventSanitizerTests: XCTestCase {
    private let sanitizer = EventSanitizer(maximumNameLength: 16, maximumPropertyValueLength: 8)
    private let date = Date(timeIntervalSince1970: 0)

    private func impression(_ element: TrackingElement, on screen: TrackingScreen? = nil) -> TrackingEvent {
        TrackingEvent(timestamp: date, kind: .impression, element: element, screen: screen, visibleRatio: 1)
    }

    private func screenView(_ screen: TrackingScreen) -> TrackingEvent {
        TrackingEvent(timestamp: date, kind: .screenView, screen: screen, visibleRatio: 1)
    }

    private func sanitize(_ event: TrackingEvent) -> (TrackingEvent?, [TrackingDiagnostic.Code]) {
        var codes: [TrackingDiagnostic.Code] = []
        let result = sanitizer.sanitize(event) { codes.append($0.code) }
        return (result, codes)
    }

    func testValidEventPassesUnchangedWithoutDiagnostics() {
        let event = impression(
            TrackingElement(elementType: "button", identifier: "42", properties: ["n": 1, "x": 0.5, "s": "short", "b": true]),
            on: TrackingScreen(screenName: "feed", properties: ["tab": 2])
        )
        let (result, codes) = sanitize(event)
        XCTAssertEqual(result, event)
        XCTAssertEqual(codes, [])
    }

    func testEmptyOrBlankElementTypeDropsTheImpression() {
        for name in ["", "   ", "\n\t"] {
            let (result, codes) = sanitize(impression(TrackingElement(elementType: TrackingElementType(rawValue: name))))
            XCTAssertNil(result)
            XCTAssertEqual(codes, [.emptyName])
        }
    }

    func testEmptyScreenNameDropsTheScreenViewButOnlyTheContextOfAnImpression() {
        let blank = TrackingScreen(screenName: "")
        let (view, viewCodes) = sanitize(screenView(blank))
        XCTAssertNil(view)
        XCTAssertEqual(viewCodes, [.emptyName])

        let (seen, seenCodes) = sanitize(impression(TrackingElement(elementType: "button"), on: blank))
        XCTAssertEqual(seen?.element, TrackingElement(elementType: "button"))
        XCTAssertNil(seen?.screen)
        XCTAssertEqual(seenCodes, [.emptyName])
    }

    func testOversizedNamesAreTruncatedOnACharacterBoundary() {
        let huge = String(repeating: "x", count: 100_000)
        // 5 × "é" (2 bytes each) + "ab": 12 bytes, and a 4-byte emoji would straddle the 16-byte limit.
        let multibyte = "ééééééab😀😀"
        let event = impression(
            TrackingElement(elementType: TrackingElementType(rawValue: huge), identifier: multibyte),
            on: TrackingScreen(screenName: TrackingScreenName(rawValue: huge))
        )
        let (result, codes) = sanitize(event)
        XCTAssertEqual(result?.element?.elementType.rawValue, String(repeating: "x", count: 16))
        XCTAssertEqual(result?.element?.identifier, "ééééééab")
        XCTAssertEqual(result?.screen?.screenName.rawValue, String(repeating: "x", count: 16))
        XCTAssertEqual(codes, [.nameTooLong, .nameTooLong, .nameTooLong])
    }

    func testNonFiniteAndEmptyKeyedPropertiesAreDroppedAndTheRestKept() {
        let element = TrackingElement(elementType: "card", properties: [
            "nan": .double(.nan), "inf": .double(.infinity), "": 3, "ok": 1.5, "flag": false,
        ])
        let (result, codes) = sanitize(impression(element))
        XCTAssertEqual(result?.element?.properties, ["ok": 1.5, "flag": false])
        XCTAssertEqual(codes.sorted { $0.rawValue < $1.rawValue }, [.invalidProperty, .invalidProperty, .invalidProperty])
    }

    func testLongPropertyKeysAndValuesAreTruncated() {
        let screen = TrackingScreen(screenName: "feed", properties: ["title": "a very long title", "a-very-long-property-key": 1])
        let (result, codes) = sanitize(screenView(screen))
        XCTAssertEqual(result?.screen?.properties, ["title": "a very l", "a-very-long-prop": 1])
        XCTAssertEqual(codes, [.nameTooLong, .propertyValueTooLong])
    }

    func testKeysThatTruncateToTheSameKeyKeepTheFirstAndReportTheSecond() {
        let properties: TrackingProperties = ["a-very-long-property-key-1": 1, "a-very-long-property-key-2": 2]
        let (result, codes) = sanitize(impression(TrackingElement(elementType: "card", properties: properties)))
        XCTAssertEqual(result?.element?.properties, ["a-very-long-prop": 1])
        XCTAssertEqual(codes, [.nameTooLong, .nameTooLong, .invalidProperty])
    }

    func testNonFiniteRatioBecomesZero() {
        var event = screenView(TrackingScreen(screenName: "feed"))
        event.visibleRatio = .nan
        XCTAssertEqual(sanitize(event).0?.visibleRatio, 0)
    }

    func testDiagnosticMessagesNameTheKeyNotTheSubject() {
        var messages: [String] = []
        _ = sanitizer.sanitize(impression(TrackingElement(elementType: "card", properties: ["ratio": .double(.nan)]))) {
            messages.append($0.description)
        }
        XCTAssertEqual(messages, ["[Tracking] invalid_property: property \"ratio\" of the element is NaN or infinite; dropped"])
    }
}
