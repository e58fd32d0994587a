import TestSupport
import XCTest
@testable import Tracking

/// Explicit calls from background threads: no `await`, every event exactly once, per-thread order kept,
/// timestamps read at the call in delivery order, identity and reset shared across threads.
final class AnyThreadCallTests: TrackerStorageTestCase {
    /// A clock that moves 1 ms each time it is read, so every timestamp names the read that produced it.
    private final class TickingClock: TrackingClock, @unchecked Sendable {
        private let lock = NSLock()
        private var ticks = 0

        func now() -> TrackingInstant {
            lock.lock()
            defer { lock.unlock() }
            ticks += 1
            let seconds = Double(ticks) / 1_000
            return TrackingInstant(uptime: seconds, date: Date(timeIntervalSince1970: 1_700_000_000 + seconds))
        }
    }

    func testCallsFromSeveralThreadsArriveOnceInPerThreadOrderWithTimestampsInDeliveryOrder() throws {
        let directory: URL = self.directory
        let threads = 4
        let perThread = 250
        let (tracker, memory, delivery) = MainActor.assumeIsolated { () -> (Tracker, InMemoryTrackingSink, DeliverySink) in
            var configuration = TrackingConfiguration()
            configuration.tracksApplicationLifecycleEvents = false
            configuration.clock = TickingClock()
            configuration.storageDirectory = directory
            configuration.diagnosticHandler = { XCTFail("unexpected diagnostic \($0)") }
            var deliveryConfiguration = DeliveryConfiguration(writeKey: "threads")
            deliveryConfiguration.flushAt = .max
            deliveryConfiguration.flushInterval = 3_600
            deliveryConfiguration.clock = ManualTrackingClock() // its own, so only calls read the ticking one
            deliveryConfiguration.endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: 9)
            let memory = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, delivery: deliveryConfiguration, sinks: [memory])
            return (tracker, memory, try! XCTUnwrap(tracker.delivery))
        }

        let group = DispatchGroup()
        for thread in 0..<threads {
            DispatchQueue.global().async(group: group) {
                for number in 0..<perThread {
                    tracker.track(TrackingEventName(rawValue: "t\(thread)"), properties: ["n": .int(number)])
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success, "the calls did not finish within 60 s")

        let events = memory.events
        XCTAssertEqual(events.count, threads * perThread)
        XCTAssertEqual(Set(events.map(\.id)).count, threads * perThread)
        for thread in 0..<threads {
            let numbers = events.filter { $0.name == "t\(thread)" }.map { $0.properties["n"] }
            XCTAssertEqual(numbers, (0..<perThread).map { .int($0) }, "thread \(thread) out of order")
        }
        // One clock read per call, inside the lock that also orders delivery.
        let offsets = events.map { ($0.timestamp.timeIntervalSince1970 - 1_700_000_000) * 1_000 }
        XCTAssertEqual(offsets.map { Int($0.rounded()) }, Array(1...(threads * perThread)))
        XCTAssertEqual(delivery.statistics.stored, threads * perThread)
        XCTAssertEqual(MainActor.assumeIsolated { tracker.statistics.eventsDelivered }, threads * perThread)
    }

    func testABackgroundCallIsStampedAtTheCallWithTheSharedIdentityAndTheMainThreadContext() throws {
        let directory: URL = self.directory
        let clock = ManualTrackingClock()
        let (tracker, sink) = MainActor.assumeIsolated { () -> (Tracker, InMemoryTrackingSink) in
            var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
            configuration.storageDirectory = directory
            let sink = InMemoryTrackingSink()
            return (Tracker(configuration: configuration, sinks: [sink]), sink)
        }
        let queue = DispatchQueue(label: "background")
        func onBackground(_ body: @escaping @Sendable () -> Void) {
            let done = DispatchSemaphore(value: 0)
            queue.async {
                XCTAssertFalse(Thread.isMainThread)
                body()
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        }

        let anonymous = tracker.identity.anonymousID
        onBackground { tracker.identify(userID: "u-5", traits: ["plan": "pro"]) }
        clock.advance(by: 2)
        MainActor.assumeIsolated { tracker.track("on_main") }
        clock.advance(by: 3)
        onBackground {
            tracker.screen("settings")
            tracker.reset()
            tracker.track("after_reset")
        }

        let events = sink.events
        XCTAssertEqual(events.map(\.summary), ["identify u-5 0.0", "track on_main 0.0", "screen_view settings 1.0", "track after_reset 0.0"])
        XCTAssertEqual(events.map { $0.timestamp.timeIntervalSince1970 - 1_700_000_000 }, [0, 2, 5, 5])
        XCTAssertEqual(events.prefix(3).map(\.identity), Array(repeating: TrackingIdentity(anonymousID: anonymous, userID: "u-5", traits: ["plan": "pro"]), count: 3))
        XCTAssertNotEqual(events[3].identity?.anonymousID, anonymous)
        XCTAssertNil(events[3].identity?.userID)
        XCTAssertEqual(events[3].identity, tracker.identity)
        let context = MainActor.assumeIsolated { tracker.context }
        XCTAssertTrue(events.allSatisfy { $0.context == context })
    }

    func testConsentGatesCallsFromABackgroundThreadAndDenialKeepsTheIdentityOffDisk() {
        let directory: URL = self.directory
        let (tracker, sink) = MainActor.assumeIsolated { () -> (Tracker, InMemoryTrackingSink) in
            var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
            configuration.storageDirectory = directory
            let sink = InMemoryTrackingSink()
            return (Tracker(configuration: configuration, sinks: [sink]), sink)
        }
        func trackInBackground(_ name: TrackingEventName) {
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                tracker.track(name)
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        }
        let identityFile = directory.appendingPathComponent("identity.json")

        trackInBackground("granted")
        XCTAssertTrue(FileManager.default.fileExists(atPath: identityFile.path))
        MainActor.assumeIsolated { tracker.consent = .denied }
        XCTAssertFalse(FileManager.default.fileExists(atPath: identityFile.path))
        trackInBackground("denied")
        tracker.identify(userID: "u-8")
        XCTAssertFalse(FileManager.default.fileExists(atPath: identityFile.path), "a denied identity reached the disk")
        MainActor.assumeIsolated { tracker.consent = .granted }
        trackInBackground("granted_again")

        XCTAssertEqual(sink.events.map(\.name), ["granted", "granted_again"])
        XCTAssertEqual(sink.events.last?.identity?.userID, "u-8")
        XCTAssertTrue(FileManager.default.fileExists(atPath: identityFile.path))
    }
}
