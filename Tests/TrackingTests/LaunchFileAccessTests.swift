#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import TestSupport
@testable import Tracking
import XCTest

/// ACCEPTANCE 55, second half: creating and starting a tracker touches no file on the main thread; the
/// consent, identity, session and version files (and the storage directory's real path) are read on the
/// delivery queue, and what is recorded meanwhile is delivered in order, stamped with what they hold, on the
/// main thread when it was recorded there. File-system calls are counted through ``FileSystemProbe``, by
/// thread, never timed.
final class LaunchFileAccessTests: TrackerStorageTestCase {
    @MainActor
    private static func configuration(
        _ directory: URL, clock: ManualTrackingClock, log: DiagnosticLog, lifecycle: Bool
    ) -> TrackingConfiguration {
        var configuration = TrackingConfiguration()
        configuration.tracksApplicationLifecycleEvents = lifecycle
        configuration.clock = clock
        configuration.diagnosticHandler = log.handler
        configuration.storageDirectory = directory
        return configuration
    }

    /// A first launch in this process leaves an identity, a session and a version behind; returns the
    /// identity's anonymous id and the session's id.
    @MainActor
    private static func launchOnce(_ directory: URL, clock: ManualTrackingClock, log: DiagnosticLog) -> (UUID, Int64) {
        let sink = InMemoryTrackingSink()
        var tracker: Tracker? = Tracker(configuration: Self.configuration(directory, clock: clock, log: log, lifecycle: true), sinks: [sink])
        tracker?.track("First")
        tracker?.mailbox.waitUntilDelivered()
        tracker = nil
        PendingFileWrites.wait()
        let event = sink.events.last!
        XCTAssertEqual(event.name, "First")
        return (event.identity!.anonymousID, event.session!.id)
    }

    func testCreatingAndStartingATrackerTouchesNoFileOnTheMainThread() {
        let directory: URL = directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let log = DiagnosticLog()
            _ = Self.launchOnce(directory, clock: clock, log: log)
            let sink = InMemoryTrackingSink()
            var tracker: Tracker?
            FileSystemProbe.start()
            tracker = Tracker(configuration: Self.configuration(directory, clock: clock, log: log, lifecycle: true), sinks: [sink])
            tracker?.start()
            let onMain = FileSystemProbe.stop().filter(\.onMainThread)
            // The launch's event, then a call, delivered on the main thread: from memory, no file either.
            FileSystemProbe.start()
            tracker?.track("After")
            tracker?.mailbox.waitUntilDelivered()
            let afterOnMain = FileSystemProbe.stop().filter(\.onMainThread)
            tracker?.stop()
            XCTAssertEqual(onMain, [])
            XCTAssertEqual(afterOnMain, [])
            XCTAssertEqual(sink.events.map(\.name), ["Application Opened", "After"])
            tracker = nil
            PendingFileWrites.wait()
        }
    }

    /// `Tracker(writeKey:)`'s shape: a tracker with a `DeliverySink`, on a relaunch with a queue left behind.
    /// Creating and starting it touches no file on the main thread (the sink is opened by the load); the
    /// launch's events and a call are then stored on the main thread by the store's append alone.
    func testATrackerWithADeliverySinkTouchesNoFileOnTheMainThreadAtLaunch() throws {
        let directory: URL = directory
        try MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let log = DiagnosticLog()
            var delivery = DeliveryConfiguration(writeKey: "launch")
            delivery.flushAt = .max
            delivery.flushInterval = 3_600
            delivery.clock = clock
            delivery.endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: 9)
            var tracker: Tracker? = Tracker(configuration: Self.configuration(directory, clock: clock, log: log, lifecycle: true), delivery: delivery)
            tracker?.track("Earlier")
            tracker = nil
            PendingFileWrites.wait()

            FileSystemProbe.start()
            tracker = Tracker(configuration: Self.configuration(directory, clock: clock, log: log, lifecycle: true), delivery: delivery)
            tracker?.start()
            let onMain = FileSystemProbe.stop().filter(\.onMainThread)
            FileSystemProbe.start()
            tracker?.track("After")
            let afterOnMain = FileSystemProbe.stop().filter(\.onMainThread)
            tracker?.stop()
            XCTAssertEqual(onMain, [])
            // The store's append: its first event starts a segment (as every 500th does), where it is appended.
            XCTAssertEqual(afterOnMain.map { "\($0.operation) \(($0.path as NSString).lastPathComponent)" }, [
                "mkdir launch", "open 00000000000000000002.open",
            ])
            let statistics = try XCTUnwrap(tracker?.delivery?.statistics)
            // Installed, Opened and Earlier from the first launch, the open and After from this one.
            XCTAssertEqual(statistics.queued, 5)
            XCTAssertEqual(log.codes, [])
            tracker = nil
            PendingFileWrites.wait()
        }
    }

    /// The demo's console sink assumed it: an app that records on the main thread only gets the launch's
    /// events there too, with nothing but the run loop running after `start()`.
    func testTheLaunchsEventsReachTheSinksOnTheMainThreadWithOnlyTheRunLoopRunning() {
        let directory: URL = directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let log = DiagnosticLog()
            let sink = ThreadNotingSink()
            var tracker: Tracker? = Tracker(configuration: Self.configuration(directory, clock: clock, log: log, lifecycle: true), sinks: [sink])
            tracker?.start()
            XCTAssertEqual(sink.received, [], "delivered after the load, not inside init")
            MainRunLoop.run(until: { sink.received.count == 2 })
            XCTAssertEqual(sink.received.map(\.name), ["Application Installed", "Application Opened"])
            XCTAssertEqual(sink.received.map(\.onMainThread), [true, true])
            XCTAssertEqual(log.codes, [])
            tracker?.stop()
            tracker = nil
            PendingFileWrites.wait()
        }
    }

    /// The persisted consent is read by the load: a denial holds from the launch's first event, and a choice
    /// the app sets right after `init` applies after it, never overridden by it.
    func testThePersistedConsentIsReadByTheLoadAndAChoiceSetRightAfterInitWins() throws {
        let directory: URL = directory
        try MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let log = DiagnosticLog()
            var first: Tracker? = Tracker(configuration: Self.configuration(directory, clock: clock, log: log, lifecycle: false), sinks: [])
            first?.consent = .denied
            first = nil
            PendingFileWrites.wait()

            let denied = InMemoryTrackingSink()
            var tracker: Tracker? = Tracker(configuration: Self.configuration(directory, clock: clock, log: log, lifecycle: true), sinks: [denied])
            XCTAssertEqual(tracker?.consent, .denied)
            tracker?.track("Denied")
            tracker?.mailbox.waitUntilDelivered()
            XCTAssertEqual(denied.events.map(\.name), [])
            tracker = nil
            PendingFileWrites.wait()

            let granted = InMemoryTrackingSink()
            tracker = Tracker(configuration: Self.configuration(directory, clock: clock, log: log, lifecycle: true), sinks: [granted])
            tracker?.consent = .granted
            tracker?.track("Granted")
            tracker?.mailbox.waitUntilDelivered()
            // The launch's open was recorded before the grant, under the persisted denial.
            XCTAssertEqual(granted.events.map(\.name), ["Granted"])
            XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("consent"), encoding: .utf8), "granted")
            XCTAssertEqual(log.codes, [])
            tracker = nil
            PendingFileWrites.wait()
        }
    }

    /// A diagnostic handler may record an event (``TrackingSink`` says so), also when the load reports on
    /// its own thread: that call is queued behind the load, never waiting for it (a wait of an hour here,
    /// which only a deadlock reaches).
    func testADiagnosticHandlerCallingTheTrackerDuringTheLoadDoesNotWaitForIt() throws {
        let directory: URL = directory
        try MainActor.assumeIsolated {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("{not json".utf8).write(to: directory.appendingPathComponent("identity.json"))
            let saved = TrackerMailbox.defaultLoadTimeout
            TrackerMailbox.defaultLoadTimeout = 3_600
            defer { TrackerMailbox.defaultLoadTimeout = saved }
            let handle = TrackerHandle()
            var configuration = Self.configuration(directory, clock: ManualTrackingClock(), log: DiagnosticLog(), lifecycle: true)
            configuration.diagnosticHandler = { diagnostic in
                handle.ready.wait()
                handle.ready.signal()
                handle.tracker?.track("Handled", properties: ["code": .string(diagnostic.code.rawValue)])
            }
            let sink = InMemoryTrackingSink()
            var tracker: Tracker? = Tracker(configuration: configuration, sinks: [sink])
            handle.tracker = tracker
            handle.ready.signal()
            MainRunLoop.run(until: { sink.events.count == 2 })
            // An identity file, even unreadable, means this is no first launch: no install.
            XCTAssertEqual(sink.events.map(\.name), ["Application Opened", "Handled"])
            XCTAssertEqual(sink.events.last?.properties["code"], "identity_storage_failed")
            tracker = nil
            handle.tracker = nil
            PendingFileWrites.wait()
        }
    }

    func testEventsRecordedAtLaunchCarryTheStoredIdentityAndSessionInOrder() {
        let directory: URL = directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let log = DiagnosticLog()
            let (anonymousID, sessionID) = Self.launchOnce(directory, clock: clock, log: log)
            clock.advance(by: 5)
            let sink = InMemoryTrackingSink()
            var tracker: Tracker? = Tracker(configuration: Self.configuration(directory, clock: clock, log: log, lifecycle: true), sinks: [sink])
            tracker?.start()
            // Off the main thread too, before the load may be done: queued behind the launch's events.
            let background = DispatchSemaphore(value: 0)
            DispatchQueue.global().async { [tracker] in
                tracker?.track("Background")
                background.signal()
            }
            XCTAssertEqual(background.wait(timeout: .now() + 60), .success)
            tracker?.track("A")
            tracker?.screen("Home")
            tracker?.mailbox.waitUntilDelivered()
            XCTAssertEqual(sink.events.map(\.name), ["Application Opened", "Background", "A", "Home"])
            XCTAssertEqual(Set(sink.events.map { $0.identity?.anonymousID }), [anonymousID])
            XCTAssertEqual(sink.events.map { $0.session?.id }, Array(repeating: sessionID, count: 4))
            XCTAssertEqual(sink.events.map { $0.session?.isStart }, Array(repeating: false, count: 4))
            XCTAssertEqual(log.codes, [])
            tracker?.stop()
            tracker = nil
            PendingFileWrites.wait()
        }
    }

    func testAFirstLaunchRecordsTheInstallBeforeTheOpenWithOneNewIdentity() {
        let directory: URL = directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let sink = InMemoryTrackingSink()
            let log = DiagnosticLog()
            var tracker: Tracker? = Tracker(configuration: Self.configuration(directory, clock: clock, log: log, lifecycle: true), sinks: [sink])
            tracker?.start()
            tracker?.track("A")
            XCTAssertEqual(sink.events.map(\.name), ["Application Installed", "Application Opened", "A"])
            XCTAssertEqual(Set(sink.events.map { $0.identity?.anonymousID }).count, 1)
            XCTAssertEqual(sink.events.map { $0.session?.isStart }, [true, false, false])
            tracker?.stop()
            tracker = nil
            PendingFileWrites.wait()
        }
    }
}

/// Notes each event's name and whether it arrived on the main thread.
private final class ThreadNotingSink: TrackingSink, @unchecked Sendable {
    struct Received: Equatable {
        var name: String
        var onMainThread: Bool
    }

    var received: [Received] {
        lock.withLock { list }
    }

    func receive(_ event: TrackingEvent) {
        let onMain = Thread.isMainThread
        lock.withLock { list.append(Received(name: event.name, onMainThread: onMain)) }
    }

    private let lock = NSLock()
    private var list: [Received] = []
}

/// The tracker a diagnostic handler calls, once the test has it.
private final class TrackerHandle: @unchecked Sendable {
    let ready = DispatchSemaphore(value: 0)
    weak var tracker: Tracker?
}
