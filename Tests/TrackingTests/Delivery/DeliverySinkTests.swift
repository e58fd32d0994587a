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
            var trackingConfiguration = TrackingConfiguration.testing(clock: fixture.clock, log: fixture.log)
            trackingConfiguration.storageDirectory = fixture.root
            trackingConfiguration.minimumVisibleDuration = 0
            var configuration = DeliveryConfiguration(writeKey: "app_key")
            configuration.endpoint = StoreFixture.closedLoopbackEndpoint
            configuration.flushAt = .max
            configuration.storageDirectory = fixture.root.appendingPathComponent("Delivery")
            configuration.consentDirectory = fixture.root
            configuration.clock = fixture.clock
            configuration.diagnosticHandler = fixture.log.handler
            let delivery = DeliverySink(configuration: configuration)
            let memory = InMemoryTrackingSink()
            let tracker = Tracker(configuration: trackingConfiguration, sinks: [delivery, memory])

            tracker.identify(userID: "u-9", traits: ["plan": "pro"])
            tracker.recordAndDeliver(
                RecorderFixtures.scan(screens: [(RecorderFixtures.feed, 1)], elements: [(RecorderFixtures.spark, 0, 1)]),
                at: fixture.clock.now()
            )
            tracker.track("checkout", properties: ["total": 12.5])
            tracker.screen("game_level")
            delivery.store.sealOpenSegment()

            XCTAssertEqual(memory.events.count, 5)
            XCTAssertEqual(StoreFixture.allEvents(delivery.store), memory.events)
            XCTAssertEqual(StoreFixture.allEvents(DeliverySink(configuration: configuration).store), memory.events, "after a relaunch")
            XCTAssertEqual(fixture.log.all, [])
        }
    }
}
