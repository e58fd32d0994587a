import Foundation
import TestSupport
import XCTest
@testable import Tracking

/// The tracker's mailbox: calls from many threads are delivered one at a time in the order they took their
/// place, identity changes included, and a callback's own calls follow the current event.
final class TrackerMailboxTests: TrackerStorageTestCase {
    override func tearDown() {
        // Session files are saved on a queue of their own: let them land before the directory is removed.
        SessionStore.waitForSaves()
        super.tearDown()
    }

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

/// The mailbox alone: a bounded backlog that holds calls off the main thread, never the main thread.
final class TrackerMailboxBacklogTests: XCTestCase {
    func testCallsOffTheMainThreadAreHeldOnceTheBacklogIsFullAndTheMainThreadNeverIs() {
        let mailbox = TrackerMailbox()
        mailbox.stallTimeout = 120 // far beyond any wait here: only delivery releases the held call
        let log = OrderLog()
        let go = DispatchSemaphore(value: 0)
        let deliverer = DispatchQueue(label: "deliverer")
        let started = DispatchSemaphore(value: 0)
        // The deliverer's first ticket blocks until the test lets it go: nothing is delivered meanwhile.
        deliverer.async {
            mailbox.submit {
                started.signal()
                XCTAssertEqual(go.wait(timeout: .now() + 60), .success)
                log.append(-1)
            }
        }
        XCTAssertEqual(started.wait(timeout: .now() + 60), .success)

        let limit = TrackerMailbox.backlogLimit
        let returned = Counter()
        let producer = DispatchQueue(label: "producer")
        let producerDone = DispatchSemaphore(value: 0)
        producer.async {
            for number in 0..<(limit + 2) {
                mailbox.submit { log.append(number) }
                returned.increment()
            }
            producerDone.signal()
        }
        let deadline = Date(timeIntervalSinceNow: 60)
        while mailbox.heldCount == 0, Date() < deadline { usleep(1_000) }
        XCTAssertEqual(mailbox.heldCount, 1, "the producer was not held")
        XCTAssertEqual(returned.value, limit, "calls past the limit returned while nothing was delivered")

        // The main thread is never held, even now.
        for number in 0..<3 {
            MainActor.assumeIsolated { _ = mailbox.submit { log.append(100_000 + number) } }
        }

        go.signal()
        XCTAssertEqual(producerDone.wait(timeout: .now() + 60), .success)
        XCTAssertTrue(mailbox.waitUntilDelivered())
        let order = log.values
        // In the order the calls took their place: the blocking ticket, the producer's first `limit`, then the
        // held call and the main thread's in whichever order they took it, then the producer's last.
        XCTAssertEqual(order.count, 1 + limit + 2 + 3)
        XCTAssertEqual(Array(order.prefix(1 + limit)), [-1] + Array(0..<limit))
        XCTAssertEqual(Set(order.suffix(5)), Set([limit, limit + 1, 100_000, 100_001, 100_002]))
        XCTAssertEqual(order.filter { $0 >= 0 && $0 < 100_000 }, Array(0..<(limit + 2)))
    }
}

/// Integers appended from any thread.
private final class OrderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []

    var values: [Int] { lock.withLock { stored } }

    func append(_ value: Int) {
        lock.withLock { stored.append(value) }
    }
}

/// A count changed from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0

    var value: Int { lock.withLock { stored } }

    func increment() {
        lock.withLock { stored += 1 }
    }
}
