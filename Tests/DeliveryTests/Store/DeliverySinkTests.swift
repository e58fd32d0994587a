import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The tracker feeding a ``DeliverySink``: what the store hands out is exactly what the sinks received,
/// identity and context included, in call order.
final class DeliverySinkTests: HeadlessTestCase {
    func testTheStoreHandsOutExactlyWhatTheTrackerDelivered() {
        let fixture = StoreFixture()
        MainActor.assumeIsolated {
            var trackingConfiguration = TrackingConfiguration()
            trackingConfiguration.tracksApplicationLifecycleEvents = false
            trackingConfiguration.clock = fixture.clock
            trackingConfiguration.diagnosticHandler = fixture.log.handler
            trackingConfiguration.storageDirectory = fixture.root
            trackingConfiguration.minimumVisibleDuration = 0
            let delivery = DeliverySink(configuration: fixture.sinkConfiguration(
                writeKey: "app_key", storageDirectory: fixture.root.appendingPathComponent("Delivery")
            ))
            let memory = InMemoryTrackingSink()
            let tracker = Tracker(configuration: trackingConfiguration, sinks: [delivery, memory])

            tracker.identify(userID: "u-9", traits: ["plan": "pro"])
            var scan = ScanResult()
            scan.screens = [VisibleScreen(screen: TrackingScreen(screenName: "feed"), visibleRatio: 1)]
            scan.elements = [VisibleElement(element: TrackingElement(elementType: "spark_button"), screenIndex: 0, visibleRatio: 1)]
            scan.viewsVisited = 2
            tracker.recordAndDeliver(scan, at: fixture.clock.now())
            tracker.track("checkout", properties: ["total": 12.5])
            tracker.screen("game_level")
            delivery.store.sealOpenSegment()

            XCTAssertEqual(memory.events.count, 5)
            XCTAssertEqual(StoreFixture.allEvents(delivery.store), memory.events)
            XCTAssertEqual(StoreFixture.allEvents(DeliverySink(configuration: delivery.configuration).store), memory.events, "after a relaunch")
            XCTAssertEqual(fixture.log.all, [])
        }
    }
}
