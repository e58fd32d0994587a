import Foundation
import TestSupport
import XCTest
@testable import Tracking

/// The tracker's mailbox: calls from many threads are delivered one at a time in the order they took their
/// place, identity changes included, and a callback's own calls follow the current event.
final class TrackerMailboxTests: TrackerStorageTestCase {
    func testAnIdentifyRaceAcrossThreadsMergesTraitsInCallOrder() {
        let directory: URL = self.directory
        let (tracker, sink) = MainActor.assumeIsolated { () -> (Tracker, InMemoryTrackingSink) in
            var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
            configuration.storageDirectory = directory
            let sink = InMemoryTrackingSink()
            return (Tracker(configuration: configuration, sinks: [sink]), sink)
        }
        let threads = 4
        let perThread = 100
        let group = DispatchGroup()
        for thread in 0..<threads {
            DispatchQueue.global().async(group: group) {
                for number in 0..<perThread {
                    tracker.identify(traits: ["last": .string("t\(thread)-\(number)"), "t\(thread)": .int(number)])
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        XCTAssertTrue(tracker.mailbox.waitUntilDelivered())

        let events = sink.events
        XCTAssertEqual(events.count, threads * perThread)
        // Each identify event carries the traits merged up to it, in delivery order: replaying the calls in
        // that order gives every event's identity and the final one.
        var merged: TrackingProperties = [:]
        for (index, event) in events.enumerated() {
            merged.merge(event.properties) { _, new in new }
            XCTAssertEqual(event.identity?.traits, merged, "event \(index)")
        }
        XCTAssertEqual(tracker.identity.traits, merged)
        for thread in 0..<threads {
            XCTAssertEqual(merged["t\(thread)"], .int(perThread - 1))
        }
    }

    func testTheMainThreadHandsOtherThreadsEventsToTheDeliveryQueueInOrder() {
        let directory: URL = self.directory
        let worker = DispatchQueue(label: "worker")
        let (tracker, sink) = MainActor.assumeIsolated { () -> (Tracker, InMemoryTrackingSink) in
            var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
            configuration.storageDirectory = directory
            let holder = Holder()
            // While the main thread delivers `first`, a worker records ten events and the hook waits for them.
            configuration.beforeSend = [{ event in
                if event.name == "first" {
                    let done = DispatchSemaphore(value: 0)
                    worker.async {
                        for number in 0..<10 { holder.tracker?.track(TrackingEventName(rawValue: "w\(number)")) }
                        done.signal()
                    }
                    XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
                }
                return event
            }]
            let sink = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            holder.tracker = tracker
            return (tracker, sink)
        }
        MainActor.assumeIsolated { tracker.track("first") }
        XCTAssertTrue(tracker.mailbox.waitUntilDelivered())
        XCTAssertEqual(sink.events.map(\.name), ["first"] + (0..<10).map { "w\($0)" })
    }
}

/// Lets a callback reach the tracker it is configured into.
private final class Holder: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: Tracker?

    var tracker: Tracker? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
