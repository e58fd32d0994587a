#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import TestSupport
import XCTest
@testable import Tracking

/// Acceptance 49: a diagnostic handler, a before-send hook or a sink that calls the tracker, or waits on a
/// queue that calls it, returns, from the main thread and from background threads. Every wait here is
/// bounded (60 s), so a deadlock shows as a failure, not as a hung suite.
final class CallbackDeadlockTests: TrackerStorageTestCase {
    override func tearDown() {
        // Session files are saved on a queue of their own: let them land before the directory is removed.
        // Bounded, as every wait here: a file queue stuck in a callback fails the test instead of hanging the suite.
        XCTAssertTrue(PendingFileWrites.wait(), "the session file queue is stuck")
        super.tearDown()
    }

    /// 300 bytes: over the 256-byte name limit, so recording it reports `name_too_long`.
    private static let longName = TrackingEventName(rawValue: String(repeating: "n", count: 300))
    private static let cutName = String(repeating: "n", count: 256)

    // MARK: - Diagnostic handler

    func testADiagnosticHandlerThatWaitsOnAQueueThatTracksReturnsFromTheMainThread() {
        let (tracker, sink, waits) = makeTracker(handler: { tracker, waits, diagnostic in
            guard diagnostic.code == .nameTooLong else { return }
            waits.append(Self.wait(on: DispatchQueue(label: "ui")) { tracker?.track("from_queue") })
        })
        MainActor.assumeIsolated { tracker.track(Self.longName) }
        // The queue's event is delivered after the main thread's, by the tracker's delivery queue.
        XCTAssertTrue(tracker.mailbox.waitUntilDelivered())
        XCTAssertEqual(waits.values, [true], "the handler's wait on the queue did not end")
        XCTAssertEqual(sink.events.map(\.name), [Self.cutName, "from_queue"])
    }

    func testADiagnosticHandlerThatWaitsOnAQueueThatTracksReturnsFromABackgroundThread() {
        let (tracker, sink, waits) = makeTracker(handler: { tracker, waits, diagnostic in
            guard diagnostic.code == .nameTooLong else { return }
            waits.append(Self.wait(on: DispatchQueue(label: "ui")) { tracker?.track("from_queue") })
        })
        XCTAssertTrue(Self.onBackgroundThread { tracker.track(Self.longName) }, "track did not return")
        XCTAssertTrue(tracker.mailbox.waitUntilDelivered())
        XCTAssertEqual(waits.values, [true], "the handler's wait on the queue did not end")
        XCTAssertEqual(sink.events.map(\.name), [Self.cutName, "from_queue"])
    }

    func testADiagnosticHandlerOnABackgroundThreadThatWaitsOnTheMainQueueWhichTracksReturns() {
        let (tracker, sink, waits) = makeTracker(handler: { tracker, waits, diagnostic in
            guard diagnostic.code == .nameTooLong else { return }
            waits.append(Self.wait(on: .main) { tracker?.track("from_main") })
        })
        let returned = Flag()
        DispatchQueue.global().async {
            tracker.track(Self.longName)
            returned.set()
        }
        MainActor.assumeIsolated {
            let deadline = Date(timeIntervalSinceNow: 60)
            while !returned.isSet, Date() < deadline { Headless.runMainRunLoop(for: 0.005) }
        }
        XCTAssertTrue(returned.isSet, "track did not return")
        XCTAssertTrue(tracker.mailbox.waitUntilDelivered())
        XCTAssertEqual(waits.values, [true], "the handler's wait on the main queue did not end")
        XCTAssertEqual(sink.events.map(\.name), [Self.cutName, "from_main"])
    }

    func testADiagnosticHandlerThatTracksOnItsOwnThreadIsDeliveredAfterTheEventThatCausedIt() {
        let (tracker, sink, _) = makeTracker(handler: { tracker, _, diagnostic in
            if diagnostic.code == .nameTooLong { tracker?.track("diagnosed") }
        })
        MainActor.assumeIsolated { tracker.track(Self.longName) }
        XCTAssertTrue(Self.onBackgroundThread { tracker.track(Self.longName) })
        XCTAssertEqual(sink.events.map(\.name), [Self.cutName, "diagnosed", Self.cutName, "diagnosed"])
    }

    // MARK: - Before-send hook

    func testABeforeSendHookThatTracksOrWaitsOnAQueueThatTracksReturnsFromAnyThread() {
        let waits = Results()
        let holder = TrackerHolder()
        let (tracker, sink, _) = makeTracker(beforeSend: { event in
            if event.name == "call_back" { holder.tracker?.track("from_hook") }
            if event.name == "wait_back" {
                waits.append(Self.wait(on: DispatchQueue(label: "worker")) { holder.tracker?.track("from_queue") })
            }
            return event
        })
        holder.tracker = tracker
        MainActor.assumeIsolated {
            tracker.track("call_back")
            tracker.track("wait_back")
        }
        XCTAssertTrue(tracker.mailbox.waitUntilDelivered())
        XCTAssertTrue(Self.onBackgroundThread {
            tracker.track("call_back")
            tracker.track("wait_back")
        })
        XCTAssertTrue(tracker.mailbox.waitUntilDelivered())
        XCTAssertEqual(waits.values, [true, true])
        XCTAssertEqual(sink.events.map(\.name), Array(repeating: ["call_back", "from_hook", "wait_back", "from_queue"], count: 2).flatMap { $0 })
    }

    // MARK: - Sink

    func testASinkThatWaitsOnAQueueThatTracksReturnsFromAnyThread() {
        let waits = Results()
        let holder = TrackerHolder()
        let memory = InMemoryTrackingSink()
        let waiting = CallbackSink { event in
            if event.name == "wait_back" {
                waits.append(Self.wait(on: DispatchQueue(label: "worker")) { holder.tracker?.identify(userID: "u-1") })
            }
        }
        let configuration = configuration()
        let tracker = MainActor.assumeIsolated {
            Tracker(configuration: configuration, sinks: [waiting, memory])
        }
        holder.tracker = tracker
        MainActor.assumeIsolated { tracker.track("wait_back") }
        XCTAssertTrue(tracker.mailbox.waitUntilDelivered())
        XCTAssertTrue(Self.onBackgroundThread { tracker.track("wait_back") })
        XCTAssertTrue(tracker.mailbox.waitUntilDelivered())
        XCTAssertEqual(waits.values, [true, true])
        XCTAssertEqual(memory.events.map(\.name), ["wait_back", "u-1", "wait_back", "u-1"])
    }

    // MARK: - Session store

    /// Tracker A's session save fails, on the queue every session store reads and writes through; A's
    /// diagnostic handler records an event on tracker B, while B, holding the turn to deliver, reads its
    /// session file through that queue.
    func testAFailedSessionSaveReportedWhileAnotherTrackerReadsItsSessionReturns() throws {
        let root: URL = directory
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // A regular file where A's directory would be created: A can save nothing.
        let blocker = root.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let bHoldsItsTurn = DispatchSemaphore(value: 0)
        let clockB = SignallingClock(signal: bHoldsItsTurn)
        let holder = TrackerHolder()
        let handlerWaited = Results()
        let sinkB = InMemoryTrackingSink()
        var configurationA = configuration()
        var configurationB = configuration()
        let (trackerA, trackerB) = MainActor.assumeIsolated { () -> (Tracker, Tracker) in
            configurationA.storageDirectory = blocker.appendingPathComponent("a", isDirectory: true)
            configurationA.diagnosticHandler = { diagnostic in
                // Its save's failure, reported from the file queue's work (its read's comes at once).
                guard diagnostic.code == .sessionStorageFailed, diagnostic.message.hasPrefix("could not save") else { return }
                handlerWaited.append(bHoldsItsTurn.wait(timeout: .now() + 60) == .success)
                holder.tracker?.track("from_a_handler")
            }
            configurationB.storageDirectory = root.appendingPathComponent("b", isDirectory: true)
            configurationB.clock = clockB
            let trackerB = Tracker(configuration: configurationB, sinks: [sinkB])
            return (Tracker(configuration: configurationA, sinks: []), trackerB)
        }
        holder.tracker = trackerB
        MainActor.assumeIsolated { trackerA.track("a") }   // its session save fails on the file queue
        XCTAssertTrue(Self.onBackgroundThread {
            clockB.arm()
            trackerB.track("b")
        }, "tracker B's call did not return")
        let deadline = Date(timeIntervalSinceNow: 60)
        while sinkB.events.count < 2, Date() < deadline { usleep(1_000) }
        XCTAssertEqual(handlerWaited.values, [true])
        XCTAssertEqual(sinkB.events.map(\.name), ["b", "from_a_handler"])
        XCTAssertTrue(Self.onBackgroundThread { SessionStore.waitForSaves() }, "the session file queue is stuck")
        withExtendedLifetime(trackerA) {}
    }

    /// Tracker A's session save fails on the queue every session store reads and writes through; A's
    /// diagnostic handler records an event on tracker B, which nobody is delivering for and which has not read
    /// its session yet: the handler's own thread delivers it and reads B's session file through that queue.
    /// Reported on the file queue, that read would wait for the queue it runs on.
    func testAFailedSessionSaveWhoseHandlerTracksOnAnotherTrackerReturns() throws {
        let root: URL = directory
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // A regular file where A's directory would be created: A can save nothing.
        let blocker = root.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let holder = TrackerHolder()
        let handlerReturned = Results()
        let sinkB = InMemoryTrackingSink()
        var configurationA = configuration()
        var configurationB = configuration()
        let (trackerA, trackerB) = MainActor.assumeIsolated { () -> (Tracker, Tracker) in
            configurationA.storageDirectory = blocker.appendingPathComponent("a", isDirectory: true)
            configurationA.diagnosticHandler = { diagnostic in
                guard diagnostic.code == .sessionStorageFailed, diagnostic.message.hasPrefix("could not save") else { return }
                holder.tracker?.track("from_a_handler")
                handlerReturned.append(true)
            }
            configurationB.storageDirectory = root.appendingPathComponent("b", isDirectory: true)
            return (Tracker(configuration: configurationA, sinks: []), Tracker(configuration: configurationB, sinks: [sinkB]))
        }
        holder.tracker = trackerB
        MainActor.assumeIsolated { trackerA.track("a") }   // its session save fails on the file queue
        let deadline = Date(timeIntervalSinceNow: 60)
        while handlerReturned.values.isEmpty, Date() < deadline { usleep(1_000) }
        XCTAssertEqual(handlerReturned.values, [true], "the handler's call on tracker B did not return")
        XCTAssertEqual(sinkB.events.map(\.name), ["from_a_handler"])
        withExtendedLifetime((trackerA, trackerB)) {}
    }

    // MARK: - Helpers

    /// Runs `body` on `queue` and waits for it, for at most 60 s.
    /// - Returns: Whether it finished.
    private static func wait(on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async {
            body()
            done.signal()
        }
        return done.wait(timeout: .now() + 60) == .success
    }

    /// Runs `body` on a background thread and waits for it, for at most 60 s.
    /// - Returns: Whether it returned.
    private static func onBackgroundThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        wait(on: DispatchQueue(label: "background"), body)
    }

    private func configuration() -> TrackingConfiguration {
        var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
        configuration.storageDirectory = directory
        return configuration
    }

    /// A tracker on this test's directory whose diagnostic handler runs `handler` with the tracker and a
    /// log of the handler's waits.
    private func makeTracker(
        handler: @escaping @Sendable (Tracker?, Results, TrackingDiagnostic) -> Void = { _, _, _ in },
        beforeSend: (@Sendable (TrackingEvent) -> TrackingEvent?)? = nil
    ) -> (Tracker, InMemoryTrackingSink, Results) {
        let holder = TrackerHolder()
        let waits = Results()
        let sink = InMemoryTrackingSink()
        var configuration = configuration()
        configuration.diagnosticHandler = { diagnostic in handler(holder.tracker, waits, diagnostic) }
        if let beforeSend { configuration.beforeSend = [beforeSend] }
        let tracker = MainActor.assumeIsolated { Tracker(configuration: configuration, sinks: [sink]) }
        holder.tracker = tracker
        return (tracker, sink, waits)
    }
}

/// A sink that runs an action on every event, on whatever thread delivers it.
private struct CallbackSink: TrackingSink {
    let action: @Sendable (TrackingEvent) -> Void

    func receive(_ event: TrackingEvent) throws {
        action(event)
    }
}

/// Lets a callback reach the tracker it is configured into.
private final class TrackerHolder: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: Tracker?

    var tracker: Tracker? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Booleans appended from any thread.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Bool] = []

    var values: [Bool] { lock.withLock { stored } }

    func append(_ value: Bool) {
        lock.withLock { stored.append(value) }
    }
}

/// A flag set from any thread.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() {
        lock.withLock { value = true }
    }
}

/// A manual clock that, once armed, signals at its next reading: the tracker reads the time as it orders a
/// call, so the signal says the call holds its place.
private final class SignallingClock: TrackingClock, @unchecked Sendable {
    private let lock = NSLock()
    private let signal: DispatchSemaphore
    private var armed = false

    init(signal: DispatchSemaphore) {
        self.signal = signal
    }

    func arm() {
        lock.withLock { armed = true }
    }

    func now() -> TrackingInstant {
        let fire = lock.withLock { () -> Bool in
            defer { armed = false }
            return armed
        }
        if fire { signal.signal() }
        return TrackingInstant(uptime: 100, date: Date(timeIntervalSince1970: 1_700_000_000))
    }
}
