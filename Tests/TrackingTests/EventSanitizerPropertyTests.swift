import XCTest
@testable import Tracking

/// Rich properties through the sanitizer: depth, count and size bounded, non-finite numbers anywhere made
/// safe, and diagnostics that name keys and counts, never values, names or identifiers.
final class EventSanitizerPropertyTests: XCTestCase {
    private func track(_ properties: TrackingProperties, userID: String? = nil) -> TrackingEvent {
        TrackingEvent(timestamp: Date(timeIntervalSince1970: 0), kind: .track, screen: nil, visibleRatio: 0,
                      eventName: "buy", eventProperties: properties,
                      identity: userID.map { TrackingIdentity(anonymousID: UUID(), userID: $0) })
    }

    private func sanitize(_ event: TrackingEvent, with sanitizer: EventSanitizer) -> (TrackingProperties?, [String]) {
        var messages: [String] = []
        let result = sanitizer.sanitize(event) { messages.append($0.description) }
        return (result?.eventProperties, messages)
    }

    func testValidNestedPropertiesPassUnchanged() {
        let properties: TrackingProperties = ["items": ["a", 1, nil, ["k": [2.5]]], "at": .date(Date(timeIntervalSince1970: 5))]
        let (result, messages) = sanitize(track(properties), with: EventSanitizer(maximumPropertyDepth: 4))
        XCTAssertEqual(result, properties)
        XCTAssertEqual(messages, [])
    }

    func testNonFiniteNumbersInsideValuesBecomeNull() {
        let (result, messages) = sanitize(track([
            "scores": [1, .double(.nan), .double(-.infinity)], "geo": ["lat": .double(.infinity), "lng": 13.4],
        ]), with: EventSanitizer())
        XCTAssertEqual(result, ["scores": [1, nil, nil], "geo": ["lat": nil, "lng": 13.4]])
        XCTAssertEqual(messages, [
            #"[Tracking] invalid_property: property "geo" of the track event holds 1 NaN or infinite number(s); replaced by null"#,
            #"[Tracking] invalid_property: property "scores" of the track event holds 2 NaN or infinite number(s); replaced by null"#,
        ])
    }

    func testDatesOutOfRangeAreDroppedWithADiagnosticNotRewritten() {
        let lastMillisecond = Date(timeIntervalSince1970: 253_402_300_799.999)
        let firstSecond = Date(timeIntervalSince1970: -62_167_219_200)
        let (result, messages) = sanitize(track([
            "nan": .date(Date(timeIntervalSince1970: .nan)), "far": .date(Date(timeIntervalSince1970: 1e15)),
            "early": .date(Date(timeIntervalSince1970: -1e13)), "inf": .date(Date(timeIntervalSince1970: -.infinity)),
            "last": .date(lastMillisecond), "first": .date(firstSecond),
            "list": [.date(Date(timeIntervalSince1970: .infinity)), 1, .date(lastMillisecond)],
            "nested": ["at": .date(Date(timeIntervalSince1970: 1e15)), "ok": true],
        ]), with: EventSanitizer())
        // Keys first: printing a NaN date (in a failure message) traps in Foundation.
        XCTAssertEqual(result?.keys.sorted(), ["first", "last", "list", "nested"])
        if result?.keys.count == 4 {
            XCTAssertEqual(result, ["last": .date(lastMillisecond), "first": .date(firstSecond),
                                    "list": [1, .date(lastMillisecond)], "nested": ["ok": true]])
        }
        let dropped = "is a date that is not finite or not within years 0000 to 9999; dropped"
        let held = "holds 1 date(s) not finite or not within years 0000 to 9999; dropped"
        XCTAssertEqual(messages, [
            #"[Tracking] invalid_property: property "early" of the track event "# + dropped,
            #"[Tracking] invalid_property: property "far" of the track event "# + dropped,
            #"[Tracking] invalid_property: property "inf" of the track event "# + dropped,
            #"[Tracking] invalid_property: property "list" of the track event "# + held,
            #"[Tracking] invalid_property: property "nan" of the track event "# + dropped,
            #"[Tracking] invalid_property: property "nested" of the track event "# + held,
        ])
        var traitMessages: [String] = []
        XCTAssertEqual(EventSanitizer().bounded(traits: ["born": .date(Date(timeIntervalSince1970: .nan)), "plan": "pro"]) {
            traitMessages.append($0.code.rawValue)
        }.keys.sorted(), ["plan"])
        XCTAssertEqual(traitMessages, ["invalid_property"])
    }

    func testValuesNestedDeeperThanTheLimitAreDropped() {
        let (result, messages) = sanitize(track([
            "a": [[1], 2, []], "b": [1], "c": ["x": ["y": 1], "z": true],
        ]), with: EventSanitizer(maximumPropertyDepth: 2))
        XCTAssertEqual(result, ["a": [2, []], "b": [1], "c": ["z": true]])
        XCTAssertEqual(messages, [
            #"[Tracking] properties_too_deep: property "a" of the track event holds 1 value(s) nested over 2 levels; dropped"#,
            #"[Tracking] properties_too_deep: property "c" of the track event holds 1 value(s) nested over 2 levels; dropped"#,
        ])
    }

    func testValuesPastTheCountLimitAreDroppedInKeyOrder() {
        let (result, messages) = sanitize(track(["c": 3, "a": 1, "b": [1, 2]]), with: EventSanitizer(maximumPropertyCount: 4))
        XCTAssertEqual(result, ["a": 1, "b": [1, 2]])
        XCTAssertEqual(messages, [
            "[Tracking] too_many_properties: the track event has 5 property values, over the limit of 4; 1 past it dropped",
        ])
    }

    func testPropertiesOverTheSizeLimitAreDroppedUntilTheRestFits() {
        // {"a":"0123456789","b":"0123456789","c":1} is 41 bytes: "a" (16) fits in 28, "b" (17) no longer does, "c" (6) does.
        let (result, messages) = sanitize(track(["a": "0123456789", "b": "0123456789", "c": 1]),
                                          with: EventSanitizer(maximumPropertiesByteCount: 30))
        XCTAssertEqual(result, ["a": "0123456789", "c": 1])
        XCTAssertEqual(messages, [
            "[Tracking] properties_too_large: the track event has properties of 41 bytes as JSON, over the limit of 30; 1 of 3 dropped",
        ])
        var writer = WireJSONWriter()
        writer.write(.object([WireJSONMember](result ?? [:])))
        XCTAssertEqual(writer.bytes.count, 24, "the measure the limit is checked against is the writer's")
    }

    func testNestedStringsAndKeysAreBoundedLikeTopLevelOnes() {
        let sanitizer = EventSanitizer(maximumNameLength: 4, maximumPropertyValueLength: 3)
        let (result, messages) = sanitize(track(["o": ["": 1, "long_key": "abcdef", "ok": ["xyz", "wxyz"], "long_kez": 2]]), with: sanitizer)
        XCTAssertEqual(result, ["o": ["long": "abc", "ok": ["xyz", "wxy"]]])
        XCTAssertEqual(messages, [
            #"[Tracking] property_value_too_long: property "o" of the track event holds 2 string(s) over 3 UTF-8 bytes; truncated"#,
            #"[Tracking] name_too_long: property "o" of the track event holds 2 key(s) over 4 UTF-8 bytes; truncated"#,
            #"[Tracking] invalid_property: property "o" of the track event holds 2 member(s) with an empty or duplicate (once truncated) key; dropped"#,
        ])
    }

    /// Issue 21: messages carried user ids, identifiers and the first 40 characters of values.
    func testNoDiagnosticCarriesAValueANameOrAnIdentifier() {
        let secret = "SECRET-alice@example.com"
        let sanitizer = EventSanitizer(maximumNameLength: 8, maximumPropertyValueLength: 4, maximumPropertyDepth: 2,
                                       maximumPropertyCount: 6, maximumPropertiesByteCount: 40)
        var messages: [String] = []
        let collect: (TrackingDiagnostic) -> Void = { messages.append($0.message) }
        let properties: TrackingProperties = [
            "k": .string(secret), "n": .double(.nan), "": .string(secret), "o": [[.string(secret)], ["x": .string(secret)]],
            "z": [.string(secret), .string(secret), .double(.nan)],
        ]
        _ = sanitizer.sanitize(track(properties, userID: secret)) { collect($0) }
        var identify = track(properties, userID: secret)
        identify.eventName = nil
        identify.kind = .identify
        _ = sanitizer.sanitize(identify) { collect($0) }
        let element = TrackingElement(elementType: TrackingElementType(rawValue: secret), identifier: secret, properties: properties)
        let screen = TrackingScreen(screenName: TrackingScreenName(rawValue: secret), identifier: secret, properties: properties)
        _ = sanitizer.sanitize(TrackingEvent(timestamp: Date(), kind: .impression, element: element, screen: screen, visibleRatio: 1)) { collect($0) }
        _ = sanitizer.sanitize(TrackingEvent(timestamp: Date(), kind: .impression,
                                             element: TrackingElement(elementType: " ", identifier: secret),
                                             screen: TrackingScreen(screenName: "", identifier: secret), visibleRatio: 1)) { collect($0) }
        XCTAssertGreaterThan(messages.count, 20)
        for message in messages {
            XCTAssertFalse(message.contains("SECRET") || message.contains("alice") || message.contains("SECR"), message)
        }
    }

    func testTheLimitsComeFromTheConfigurationAndAreValidated() {
        let defaults = EventSanitizer(TrackingConfiguration())
        XCTAssertEqual([defaults.maximumPropertyDepth, defaults.maximumPropertyCount, defaults.maximumPropertiesByteCount], [8, 1000, 24_000])
        var configuration = TrackingConfiguration()
        configuration.maximumPropertyDepth = 100
        configuration.maximumPropertyCount = -1
        configuration.maximumPropertiesByteCount = 1
        var messages: [String] = []
        let sanitizer = EventSanitizer(configuration.validated { messages.append($0.description) })
        XCTAssertEqual([sanitizer.maximumPropertyDepth, sanitizer.maximumPropertyCount, sanitizer.maximumPropertiesByteCount], [32, 1000, 24_000])
        XCTAssertEqual(messages, [
            "[Tracking] invalid_configuration: maximumPropertyDepth 100 is out of range; using 32",
            "[Tracking] invalid_configuration: maximumPropertyCount -1 is out of range; using 1000",
            "[Tracking] invalid_configuration: maximumPropertiesByteCount 1 is out of range; using 24000",
        ])
    }
}
