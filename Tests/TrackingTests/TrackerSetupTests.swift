import TestSupport
import XCTest
@testable import Tracking

/// The front end's setup and lifecycle: `Tracker(writeKey:)`, the delivery configuration inheriting the
/// tracker's clock, diagnostics and storage, `identify(traits:)`, `reset()` reaching the sinks, what
/// `stop()` stops, and the diagnostic for a second running tracker.
final class TrackerSetupTests: TrackerStorageTestCase {
    @MainActor
    private static func configuration(in directory: URL, clock: ManualTrackingClock, log: DiagnosticLog) -> TrackingConfiguration {
        var configuration = TrackingConfiguration.testing(clock: clock, log: log)
        configuration.storageDirectory = directory
        return configuration
    }

    func testWriteKeyAloneCreatesADeliverySinkWithTheTrackersClockDiagnosticsAndStorage() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let tracker = Tracker(writeKey: "front_key", configuration: Self.configuration(in: directory, clock: clock, log: DiagnosticLog()))
            XCTAssertEqual(tracker.sinks.count, 1)
            let delivery = tracker.delivery
            XCTAssertTrue(tracker.sinks.first as AnyObject === delivery)
            XCTAssertEqual(delivery?.configuration.writeKey, "front_key")
            XCTAssertEqual(delivery?.configuration.storageDirectory, directory.appendingPathComponent("Delivery", isDirectory: true))
            XCTAssertEqual(delivery?.configuration.consentDirectory, directory, "one consent file, the tracker's")
            XCTAssertTrue(delivery?.configuration.clock as AnyObject === clock)
            XCTAssertEqual(delivery?.configuration.endpoint, .segmentUS)
            XCTAssertFalse(tracker.isRunning)
        }
    }

    func testADeliveryConfigurationKeepsWhatItSetsAndInheritsTheRest() throws {
        let directory: URL = self.directory
        try MainActor.assumeIsolated {
            let log = DiagnosticLog()
            let clock = ManualTrackingClock()
            var delivery = DeliveryConfiguration(writeKey: "own")
            delivery.flushAt = 0 // out of range: reported to the tracker's handler
            delivery.endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: 9)
            let memory = InMemoryTrackingSink()
            let tracker = Tracker(
                configuration: Self.configuration(in: directory, clock: clock, log: log), delivery: delivery, sinks: [memory]
            )
            XCTAssertEqual(tracker.sinks.count, 2)
            XCTAssertTrue(tracker.sinks.last as AnyObject === memory)
            XCTAssertEqual(log.codes, [.invalidConfiguration])

            tracker.track("stored")
            let queue = directory.appendingPathComponent("Delivery/own", isDirectory: true)
            let files = try FileManager.default.contentsOfDirectory(atPath: queue.path)
            XCTAssertFalse(files.isEmpty, "nothing in \(queue.path)")
            XCTAssertEqual(tracker.delivery?.statistics.stored, 1)
            XCTAssertEqual(memory.events.map(\.name), ["stored"])

            var own = DeliveryConfiguration(writeKey: "own")
            let ownClock = ManualTrackingClock()
            own.clock = ownClock
            own.storageDirectory = directory.appendingPathComponent("elsewhere")
            let inherited = own.inheriting(from: Self.configuration(in: directory, clock: clock, log: log))
            XCTAssertTrue(inherited.clock as AnyObject === ownClock)
            XCTAssertEqual(inherited.storageDirectory, directory.appendingPathComponent("elsewhere"))
            XCTAssertEqual(inherited.consentDirectory, directory)
            let alone = DeliveryConfiguration(writeKey: "alone")
            XCTAssertEqual(alone.storageDirectory, SightlineStorage.defaultDirectory.appendingPathComponent("Delivery", isDirectory: true))
            XCTAssertEqual(alone.consentDirectory, SightlineStorage.defaultDirectory)
        }
    }

    func testIdentifyWithTraitsOnlyKeepsTheIdentityAndCarriesTheCurrentUser() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let log = DiagnosticLog()
            let tracker = Tracker(configuration: Self.configuration(in: directory, clock: ManualTrackingClock(), log: log), sinks: [sink])
            let anonymous = tracker.identity
            tracker.identify(traits: ["newsletter": true])
            // The same person, who now has traits (kept with the identity).
            XCTAssertEqual(tracker.identity, TrackingIdentity(anonymousID: anonymous.anonymousID, traits: ["newsletter": true]))
            tracker.identify(userID: "u-3")
            tracker.identify(traits: ["plan": "pro"])
            XCTAssertEqual(sink.events.map(\.kind), [.identify, .identify, .identify])
            XCTAssertEqual(sink.events.map(\.identity), [
                TrackingIdentity(anonymousID: anonymous.anonymousID, traits: ["newsletter": true]),
                TrackingIdentity(anonymousID: anonymous.anonymousID, userID: "u-3", traits: ["newsletter": true]),
                TrackingIdentity(anonymousID: anonymous.anonymousID, userID: "u-3", traits: ["newsletter": true, "plan": "pro"]),
            ])
            XCTAssertEqual(sink.events.map(\.properties), [["newsletter": true], [:], ["plan": "pro"]])
            XCTAssertEqual(log.codes, [])
        }
    }

    func testResetReachesEverySinkBetweenTheEventsOfTheTwoIdentities() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let first = CallLogTrackingSink()
            let second = CallLogTrackingSink()
            let tracker = Tracker(
                configuration: Self.configuration(in: directory, clock: ManualTrackingClock(), log: DiagnosticLog()),
                sinks: [first, second]
            )
            tracker.identify(userID: "u-1")
            tracker.track("before")
            tracker.reset()
            tracker.track("after")
            tracker.flush()
            let expected = ["receive u-1", "receive before", "reset", "receive after", "flush"]
            XCTAssertEqual(first.calls, expected)
            XCTAssertEqual(second.calls, expected)
        }
    }

    func testStopEndsScanningOnlyAndASecondRunningTrackerIsReported() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let log = DiagnosticLog()
            let sink = InMemoryTrackingSink()
            let configuration = Self.configuration(in: directory, clock: ManualTrackingClock(), log: log)
            let first = Tracker(configuration: configuration, sinks: [sink])
            let second = Tracker(configuration: configuration, sinks: [])
            first.start()
            first.start()
            XCTAssertEqual(log.codes, [])
            second.start()
            XCTAssertEqual(log.codes, [.multipleTrackers])
            second.stop()
            second.start()
            XCTAssertEqual(log.codes, [.multipleTrackers, .multipleTrackers])
            first.stop()
            second.stop()
            XCTAssertFalse(first.isRunning)
            first.track("after_stop")
            XCTAssertEqual(sink.events.map(\.name), ["after_stop"])

            do {
                let released = Tracker(configuration: configuration, sinks: [])
                released.start()
            }
            first.start()
            XCTAssertEqual(log.codes, [.multipleTrackers, .multipleTrackers], "a released tracker still counted as running")
            first.stop()
        }
    }
}
