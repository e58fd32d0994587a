import Foundation
import Tracking

/// Seeded, realistic events: impressions of feed cells with a few properties, as a store would hand them
/// to the uploader, and the context every message carries.
enum UploadFixture {
    // MARK: - Internal

    /// `count` impressions and screen views (one screen view per 10 events), the same on every run.
    static func events(count: Int) -> [TrackingEvent] {
        var generator = SplitMix(seed: 0xB47C)
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        return (0..<count).map { index in
            let screen = TrackingScreen(screenName: "feed", identifier: "tab-\(index % 3)", properties: ["section": "home"])
            if index % 10 == 0 {
                return TrackingEvent(timestamp: start + Double(index) * 0.25, kind: .screenView, screen: screen, visibleRatio: 1)
            }
            let element = TrackingElement(
                elementType: "feed_cell", identifier: "post-\(generator.next() % 100_000)",
                properties: ["rank": .int(index % 50), "author": .string("author \(generator.next() % 977)"),
                             "title": .string("A \"quoted\" title\twith escapes #\(index)"), "sponsored": .bool(index % 7 == 0)]
            )
            let ratio = Double(generator.next() % 1000) / 1000
            return TrackingEvent(timestamp: start + Double(index) * 0.25, kind: .impression, element: element, screen: screen, visibleRatio: ratio)
        }
    }

    /// The context object of every message.
    static let context: [WireJSONMember] = [
        WireJSONMember("library", .object([WireJSONMember("name", .string("Sightline")), WireJSONMember("version", .string("0.1.0"))])),
        WireJSONMember("app", .object([WireJSONMember("name", .string("Demo")), WireJSONMember("version", .string("1.4.2")),
                                        WireJSONMember("build", .string("412")), WireJSONMember("namespace", .string("com.example.demo"))])),
        WireJSONMember("device", .object([WireJSONMember("manufacturer", .string("Apple")), WireJSONMember("model", .string("iPhone15,2")),
                                           WireJSONMember("type", .string("ios"))])),
        WireJSONMember("os", .object([WireJSONMember("name", .string("iOS")), WireJSONMember("version", .string("18.1"))])),
        WireJSONMember("screen", .object([WireJSONMember("width", .int(393)), WireJSONMember("height", .int(852)), WireJSONMember("density", .int(3))])),
        WireJSONMember("locale", .string("en-GB")),
        WireJSONMember("timezone", .string("Europe/London")),
    ]

    // MARK: - Private

    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
