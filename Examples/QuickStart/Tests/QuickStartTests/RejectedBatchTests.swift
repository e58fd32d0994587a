import Foundation
import LoopbackCollector
import Tracking
import XCTest

// Snippet: scripting-the-collector
final class RejectedBatchTests: XCTestCase {
    func testABatchTheCollectorRefusesIsDroppedAndTheNextOneIsDelivered() async throws {
        let collector = try LoopbackCollector()
        defer { collector.stop() }
        collector.enqueue(.badRequest)                          // the next request gets 400; later ones, 200
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: storage) }
        var delivery = DeliveryConfiguration(writeKey: "test-key")
        delivery.endpoint = try XCTUnwrap(TrackingEndpoint(url: collector.url(path: "/v1/batch")))
        let tracker = await MainActor.run { [delivery] in
            var configuration = TrackingConfiguration()
            configuration.storageDirectory = storage
            configuration.tracksApplicationLifecycleEvents = false
            return Tracker(configuration: configuration, delivery: delivery)
        }
        let sink = try XCTUnwrap(tracker.delivery)

        tracker.track("order_completed")
        let rejected = await sink.flushAndWait()                // 400: dropped, with a batch_rejected diagnostic
        tracker.track("order_retried")
        let delivered = await sink.flushAndWait()

        XCTAssertEqual(rejected, DeliveryFlushSummary(delivered: 0, kept: 0, rejected: 1, requests: 1))
        XCTAssertEqual(delivered, DeliveryFlushSummary(delivered: 1, kept: 0, rejected: 0, requests: 1))
        XCTAssertEqual(collector.requests.map(\.behaviour), [.badRequest, .accept])
    }
}
// Snippet end
