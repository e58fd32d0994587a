import Foundation
import Tracking

/// Seeded, realistic events for the wire: impressions of feed cells with a few properties and escapes,
/// and a screen view every tenth event, each with identity and context, as the store hands them to the uploader.
enum UploadFixture {
    // MARK: - Internal

    /// `count` impressions and screen views (one screen view per 10 events), the same on every run but for
    /// their times: a quarter second apart, the last a minute before now, so that none is ever older than the
    /// store's `maximumEventAge` (7 days) whatever the date the benchmark runs on.
    static func events(count: Int) -> [TrackingEvent] {
        var generator = SplitMix(seed: 0xB47C)
        let start = Date().addingTimeInterval(-60 - Double(count) * 0.25)
        return (0..<count).map { index in
            let screen = TrackingScreen(screenName: "feed", identifier: "tab-\(index % 3)", properties: ["section": "home"])
            if index % 10 == 0 {
                return TrackingEvent(timestamp: start + Double(index) * 0.25, kind: .screenView, screen: screen, visibleRatio: 1,
                                     identity: identity, context: DeliveryWorkload.context)
            }
            let element = TrackingElement(
                elementType: "feed_cell", identifier: "post-\(generator.next() % 100_000)",
                properties: ["rank": .int(index % 50), "author": .string("author \(generator.next() % 977)"),
                             "title": .string("A \"quoted\" title\twith escapes #\(index)"), "sponsored": .bool(index % 7 == 0)]
            )
            let ratio = Double(generator.next() % 1000) / 1000
            return TrackingEvent(timestamp: start + Double(index) * 0.25, kind: .impression, element: element, screen: screen,
                                 visibleRatio: ratio, identity: identity, context: DeliveryWorkload.context)
        }
    }

    /// Who every event was recorded for.
    static let identity = TrackingIdentity(anonymousID: UUID(uuidString: "3F2A9C4E-5B1D-4E8F-9A7C-2D6E1B0F8A3C")!, userID: "user-1842")

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
