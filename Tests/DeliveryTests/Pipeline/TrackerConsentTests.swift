#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import LoopbackCollector
import TestSupport
@testable import Tracking
import XCTest

/// One switch (issue 22): the tracker's consent gates every sink and identity persistence, is persisted
/// once for the app, and the delivery sink handed to the tracker follows it.
final class TrackerConsentTests: HeadlessTestCase {
    func testTheTrackersConsentGatesEverySinkIdentityAndUpload() async throws {
        let fixture = try PipelineFixture()
        let memory = InMemoryTrackingSink()
        let identityFile = fixture.root.appendingPathComponent("identity.json")
        let (delivery, granted) = try await MainActor.run { () throws -> (DeliverySink, [String]) in
            let delivery = fixture.sink()
            let tracker = Self.makeTracker(fixture, sinks: [delivery, memory])
            XCTAssertEqual(tracker.consent, .granted)
            tracker.track("granted_event")
            XCTAssertTrue(FileManager.default.fileExists(atPath: identityFile.path))

            tracker.consent = .pending
            XCTAssertEqual(delivery.consent, .pending, "the delivery sink follows the tracker")
            tracker.track("pending_event")
            XCTAssertEqual(memory.events.map(\.name), ["granted_event"], "only delivery sinks hold pending events")
            XCTAssertEqual(delivery.statistics.pending, 1)

            tracker.consent = .denied
            XCTAssertEqual(delivery.consent, .denied)
            XCTAssertFalse(FileManager.default.fileExists(atPath: identityFile.path), "the identity file is removed")
            tracker.identify(userID: "u-denied")
            tracker.track("denied_event")
            XCTAssertEqual(memory.events.map(\.name), ["granted_event"])
            XCTAssertEqual(delivery.statistics.stored, 2, "no sink receives anything while denied")
            XCTAssertEqual(delivery.statistics.queued + delivery.statistics.pending, 0, "denial purged the queue")
            XCTAssertFalse(FileManager.default.fileExists(atPath: identityFile.path), "identity written while denied")
            XCTAssertEqual(try String(contentsOf: fixture.root.appendingPathComponent("consent"), encoding: .utf8), "denied")

            // A relaunch: the tracker and its delivery sink read the denial.
            let relaunchedDelivery = fixture.sink()
            let relaunched = Self.makeTracker(fixture, sinks: [relaunchedDelivery, memory])
            XCTAssertEqual(relaunched.consent, .denied)
            XCTAssertEqual(relaunchedDelivery.consent, .denied)
            relaunched.track("after_relaunch")
            XCTAssertFalse(FileManager.default.fileExists(atPath: identityFile.path))

            relaunched.consent = .granted
            XCTAssertEqual(relaunchedDelivery.consent, .granted)
            XCTAssertTrue(FileManager.default.fileExists(atPath: identityFile.path))
            let event = try XCTUnwrap(relaunched.deliver(TrackingEvent(
                timestamp: Date(), kind: .track, screen: nil, visibleRatio: 0, eventName: "granted_again"
            )))
            XCTAssertEqual(memory.events.map(\.name), ["granted_event", "granted_again"])
            return (relaunchedDelivery, [event.id.uuidString.lowercased()])
        }
        _ = await delivery.flushAndWait()
        XCTAssertEqual(fixture.receivedIds, [granted], "only what was tracked while granted was uploaded")
    }

    func testWithoutAPersistedChoiceTheTrackerTakesTheDeliverySinksMostRestrictiveConsent() throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.defaultConsent = .pending
        MainActor.assumeIsolated {
            let memory = InMemoryTrackingSink()
            let tracker = Self.makeTracker(fixture, sinks: [fixture.sink(configuration), memory])
            XCTAssertEqual(tracker.consent, .pending)
            tracker.track("asked_first")
            XCTAssertEqual(memory.events.count, 0)
        }
    }

    func testATrackerWithoutDeliveryPersistsItsChoiceInItsStorageDirectory() throws {
        let fixture = try PipelineFixture()
        MainActor.assumeIsolated {
            let memory = InMemoryTrackingSink()
            Self.makeTracker(fixture, sinks: [memory]).consent = .denied
            let relaunched = Self.makeTracker(fixture, sinks: [memory])
            XCTAssertEqual(relaunched.consent, .denied)
            relaunched.track("dropped")
            XCTAssertEqual(memory.events.count, 0)
            XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("identity.json").path))
        }
    }

    @MainActor
    private static func makeTracker(_ fixture: PipelineFixture, sinks: [any TrackingSink]) -> Tracker {
        var configuration = TrackingConfiguration()
        configuration.tracksApplicationLifecycleEvents = false
        configuration.clock = fixture.clock
        configuration.diagnosticHandler = fixture.diagnostics.handler
        configuration.storageDirectory = fixture.root
        return Tracker(configuration: configuration, sinks: sinks)
    }
}
