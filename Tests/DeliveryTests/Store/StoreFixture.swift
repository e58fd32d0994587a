import Foundation
import TestSupport
@testable import Tracking

/// A temporary directory, a manual clock and a diagnostic log for event-store tests, plus event factories.
final class StoreFixture {
    let root: URL
    let clock = ManualTrackingClock()
    let log = DiagnosticLog()

    init() {
        root = TemporaryDirectory.url("EventStoreTests")
    }

    deinit {
        TemporaryDirectory.remove(root)
    }

    var directory: URL { root.appendingPathComponent("queue", isDirectory: true) }

    static let smallLimits = EventStoreLimits(
        segmentEventCount: 5, segmentByteCount: 1 << 20, segmentAge: 3600, storedByteCount: 1 << 30, eventAge: 30 * 86400
    )

    func open(_ limits: EventStoreLimits = smallLimits, at directory: URL? = nil) -> EventStore {
        EventStore(directory: directory ?? self.directory, limits: limits, clock: clock, report: log.handler)
    }

    /// Every unacknowledged event of every sealed segment, oldest first.
    static func allEvents(_ store: EventStore) -> [TrackingEvent] {
        store.sealedSegments.flatMap { store.events(in: $0) }
    }

    /// Files of the queue directory with the given extension, sorted.
    func files(_ suffix: String, in directory: URL? = nil) -> [URL] {
        let directory = directory ?? self.directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// A screen view of about 300 bytes on disk, with every field the format carries.
    func event(_ number: Int, context: TrackingContext? = StoreFixture.context) -> TrackingEvent {
        TrackingEvent(
            timestamp: clock.now().date, kind: .impression,
            element: TrackingElement(elementType: "feed_cell", identifier: "cell-\(number)",
                                     properties: ["position": .int(number), "promoted": true, "score": 0.25]),
            screen: TrackingScreen(screenName: "feed", identifier: nil, properties: ["tab": "home"]),
            visibleRatio: 0.75,
            eventProperties: ["note": "café ☕️", "negative": .int(-number)],
            identity: TrackingIdentity(anonymousID: UUID(), userID: number % 2 == 0 ? "user-\(number)" : nil),
            context: context
        )
    }

    /// A sink configuration storing under `storageDirectory` (default: the fixture's root), its consent in the
    /// fixture's root, on the fixture's clock and log, that never uploads.
    func sinkConfiguration(writeKey: String, storageDirectory: URL? = nil) -> DeliveryConfiguration {
        var configuration = DeliveryConfiguration(writeKey: writeKey)
        configuration.endpoint = Self.closedLoopbackEndpoint
        configuration.flushAt = .max
        configuration.storageDirectory = storageDirectory ?? root
        configuration.consentDirectory = root
        configuration.clock = clock
        configuration.diagnosticHandler = log.handler
        return configuration
    }

    /// An endpoint where nothing listens (the discard port on loopback): sinks in store tests never upload
    /// anywhere but 127.0.0.1, and there they find no collector.
    static let closedLoopbackEndpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: 9)

    static let context = TrackingContext.sample
}
