#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import TestSupport
@testable import Tracking
import XCTest

/// Sessions through the tracker's public API (scenario 33): one `session` on every event of a session and
/// the start on its first only, scanned and explicit alike; the background timeout, observed whichever
/// order the app's own lifecycle events are recorded in; relaunches; reset, start and end; a clock that
/// goes back; the file and consent.
final class SessionTests: TrackerStorageTestCase {
    /// 2023-11-14 22:13:20 UTC, the manual clock's start: session ids are seconds since 1970.
    private static let t0: Int64 = 1_700_000_000

    @MainActor
    private static func tracker(
        _ sink: any TrackingSink, in directory: URL, clock: any TrackingClock, log: DiagnosticLog,
        timeout: TimeInterval = 300
    ) -> Tracker {
        var configuration = TrackingConfiguration()
        configuration.tracksApplicationLifecycleEvents = false
        configuration.clock = clock
        configuration.diagnosticHandler = log.handler
        configuration.storageDirectory = directory
        configuration.sessionTimeout = timeout
        configuration.minimumVisibleDuration = 0
        return Tracker(configuration: configuration, sinks: [sink])
    }

    /// A tracker that records the application's lifecycle events, as apps have it by default, on a new
    /// manual clock (the headless application reset first).
    @MainActor
    private static func trackerWithLifecycleEvents(
        in directory: URL, timeout: TimeInterval
    ) -> (ManualTrackingClock, InMemoryTrackingSink, Tracker) {
        Headless.reset()
        let clock = ManualTrackingClock()
        let sink = InMemoryTrackingSink()
        var configuration = TrackingConfiguration()
        configuration.clock = clock
        configuration.diagnosticHandler = DiagnosticLog().handler
        configuration.storageDirectory = directory
        configuration.sessionTimeout = timeout
        return (clock, sink, Tracker(configuration: configuration, sinks: [sink]))
    }

    /// `name id` or `name id*` (the session's first event), ids relative to ``t0``.
    private static func sessions(_ events: [TrackingEvent]) -> [String] {
        events.map { event in
            guard let session = event.session else { return "\(event.name) -" }
            return "\(event.name) \(session.id - t0)" + (session.isStart ? "*" : "")
        }
    }

    func testEveryEventOfASessionCarriesItsIdAndOnlyTheFirstTheStart() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let sink = InMemoryTrackingSink()
            let tracker = Self.tracker(sink, in: directory, clock: clock, log: DiagnosticLog())
            clock.advance(by: 2.5)
            tracker.recordAndDeliver(RecorderFixtures.scan(screens: [(RecorderFixtures.feed, 1)]), at: clock.now())
            clock.advance(by: 1)
            tracker.track("refreshed")
            tracker.identify(userID: "u-1", traits: ["plan": "pro"])
            tracker.group("acme")
            tracker.alias("u-2")
            tracker.recordAndDeliver(
                RecorderFixtures.scan(screens: [(RecorderFixtures.feed, 1)], elements: [(RecorderFixtures.spark, 0, 1)]),
                at: clock.now()
            )
            XCTAssertEqual(Self.sessions(sink.events), [
                "feed 2*", "refreshed 2", "u-1 2", "acme 2", "u-2 2", "spark_button 2",
            ])
        }
    }

    func testAnEventADropRefusesDoesNotTakeTheStartFromTheNextOne() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let log = DiagnosticLog()
            let tracker = Self.tracker(sink, in: directory, clock: ManualTrackingClock(), log: log)
            tracker.track(" ")
            tracker.group("")
            tracker.track("first")
            tracker.track("second")
            XCTAssertEqual(Self.sessions(sink.events), ["first 0*", "second 0"])
            XCTAssertEqual(log.codes, [.emptyName, .emptyName])
        }
    }

    func testForegroundWithinTheTimeoutKeepsTheSessionAndAfterItTheOpenedEventStartsANewOne() {
        // An `Application Opened` recorded from the same notification as the tracker's own observer hears
        // (which runs first is up to the notification center): recorded before the return is posted, and
        // after it.
        for openedFirst in [true, false] {
            let directory = self.directory.appendingPathComponent("opened-first-\(openedFirst)")
            MainActor.assumeIsolated {
                Headless.reset()
                let clock = ManualTrackingClock()
                let sink = InMemoryTrackingSink()
                let tracker = Self.tracker(sink, in: directory, clock: clock, log: DiagnosticLog())
                @MainActor func returnToForeground() {
                    if openedFirst { tracker.track("Application Opened") }
                    Headless.enterForeground()
                    if !openedFirst { tracker.track("Application Opened") }
                }
                tracker.track("browsed")
                Headless.enterBackground()
                tracker.track("Application Backgrounded")
                clock.advance(by: 300)
                returnToForeground()
                tracker.track("browsed")
                tracker.track("Application Backgrounded")
                Headless.enterBackground()
                clock.advance(by: 300.001)
                returnToForeground()
                tracker.track("browsed")
                XCTAssertEqual(Self.sessions(sink.events), [
                    "browsed 0*", "Application Backgrounded 0", "Application Opened 0", "browsed 0",
                    "Application Backgrounded 0", "Application Opened 600*", "browsed 600",
                ], "Opened recorded first: \(openedFirst)")
            }
        }
    }

    func testTheTrackersOwnLifecycleEventsFallInTheRightSessions() {
        // The tracker's Application Backgrounded belongs to the session it ends; the Application Opened of a
        // return past the timeout starts the next one, and one within the timeout keeps it.
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let (clock, sink, tracker) = Self.trackerWithLifecycleEvents(in: directory, timeout: 300)
            tracker.track("browsed")
            Headless.enterBackground()
            clock.advance(by: 299)
            Headless.enterForeground()
            Headless.enterBackground()
            clock.advance(by: 301)
            Headless.enterForeground()
            XCTAssertEqual(Self.sessions(sink.events), [
                "Application Installed 0*", "Application Opened 0", "browsed 0", "Application Backgrounded 0",
                "Application Opened 0", "Application Backgrounded 0", "Application Opened 600*",
            ])
        }
    }

    func testWithATimeoutOfZeroTheBackgroundingsEventsStayInTheirSessionAndEveryReturnStartsOne() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let (clock, sink, tracker) = Self.trackerWithLifecycleEvents(in: directory, timeout: 0)
            tracker.track("browsed")
            clock.advance(by: 1)
            Headless.enterBackground()
            clock.advance(by: 1)
            Headless.enterForeground()
            XCTAssertEqual(Self.sessions(sink.events), [
                "Application Installed 0*", "Application Opened 0", "browsed 0", "Application Backgrounded 0",
                "Application Opened 2*",
            ])
        }
    }

    func testAfterEndSessionTheBackgroundTimeStillEndsTheSessionTheBackgroundingStarted() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let (clock, sink, tracker) = Self.trackerWithLifecycleEvents(in: directory, timeout: 300)
            tracker.endSession()
            Headless.enterBackground()
            clock.advance(by: 3_600)
            Headless.enterForeground()
            XCTAssertEqual(Self.sessions(sink.events).suffix(2), ["Application Backgrounded 1*", "Application Opened 3600*"])
        }
    }

    func testTheAppsOwnLifecycleObserversSeeTheOldSessionAtBackgroundingAndTheNewOneAtItsReturn() {
        // Real observers of the notifications, as the app's lifecycle events are recorded, on either
        // notification that announces the return.
        for openedOn in [UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification] {
            let directory = self.directory.appendingPathComponent(openedOn.rawValue)
            MainActor.assumeIsolated {
                Headless.reset()
                let clock = ManualTrackingClock()
                let sink = InMemoryTrackingSink()
                let tracker = Self.tracker(sink, in: directory, clock: clock, log: DiagnosticLog())
                let tokens = [
                    NotificationCenter.default.addObserver(
                        forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
                    ) { _ in tracker.track("Application Backgrounded") },
                    NotificationCenter.default.addObserver(forName: openedOn, object: nil, queue: nil) { _ in
                        tracker.track("Application Opened")
                    },
                ]
                defer { tokens.forEach(NotificationCenter.default.removeObserver) }
                tracker.track("browsed")
                Headless.enterBackground()
                clock.advance(by: 299)
                Headless.enterForeground()
                Headless.enterBackground()
                clock.advance(by: 301)
                Headless.enterForeground()
                XCTAssertEqual(Self.sessions(sink.events), [
                    "browsed 0*", "Application Backgrounded 0", "Application Opened 0",
                    "Application Backgrounded 0", "Application Opened 600*",
                ], "Opened on \(openedOn.rawValue)")
            }
        }
    }

    func testARelaunchWithinTheTimeoutKeepsTheSessionAndOneAfterItStartsANewOne() throws {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let sink = InMemoryTrackingSink()
            /// One process: a tracker on the directory records `name`, and the app goes to the background
            /// and is ended there.
            @MainActor func launch(recording name: TrackingEventName) {
                Headless.reset()
                let tracker = Self.tracker(sink, in: directory, clock: clock, log: DiagnosticLog())
                tracker.track(name)
                Headless.enterBackground()
            }
            launch(recording: "first_launch")
            clock.advance(by: 299)
            launch(recording: "within")
            clock.advance(by: 301)
            launch(recording: "after")
            XCTAssertEqual(Self.sessions(sink.events), ["first_launch 0*", "within 0", "after 600*"])
        }
    }

    func testARelaunchInTheBackgroundIsDecidedWhenTheAppComesToTheForeground() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let sink = InMemoryTrackingSink()
            do {
                let tracker = Self.tracker(sink, in: directory, clock: clock, log: DiagnosticLog())
                tracker.track("first_launch")
                Headless.enterBackground()
            }
            clock.advance(by: 200)
            // Launched in the background (a background fetch), brought to the foreground later.
            let tracker = Self.tracker(sink, in: directory, clock: clock, log: DiagnosticLog())
            tracker.track("fetched")
            clock.advance(by: 200)
            Headless.enterForeground()
            tracker.track("opened")
            XCTAssertEqual(Self.sessions(sink.events), ["first_launch 0*", "fetched 0", "opened 400*"])
        }
    }

    func testATrackerCreatedBeforeTheLaunchEndsIsResolvedWhenTheAppBecomesActive() {
        // An app delegate's initializer reads the background state; a sceneless app then posts only
        // didBecomeActive. Created within the timeout, used long after: one session throughout.
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let sink = InMemoryTrackingSink()
            do {
                let tracker = Self.tracker(sink, in: directory, clock: clock, log: DiagnosticLog())
                tracker.track("first_launch")
                Headless.enterBackground()
            }
            clock.advance(by: 100)
            let tracker = Self.tracker(sink, in: directory, clock: clock, log: DiagnosticLog())
            Headless.reset()   // active, and no notification: as UIKit changes the state before posting
            NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: UIApplication.shared)
            tracker.track("launched")
            clock.advance(by: 3_600)
            tracker.track("an_hour_later")
            XCTAssertEqual(Self.sessions(sink.events), ["first_launch 0*", "launched 0", "an_hour_later 0"])
        }
    }

    func testResetAndStartSessionStartOneAtOnceAndEndSessionLeavesItToTheNextEvent() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let sink = InMemoryTrackingSink()
            let tracker = Self.tracker(sink, in: directory, clock: clock, log: DiagnosticLog())
            tracker.track("a")
            clock.advance(by: 10)
            tracker.reset()
            clock.advance(by: 5)
            tracker.track("b")
            tracker.startSession()
            tracker.track("c")
            clock.advance(by: 5)
            tracker.endSession()
            clock.advance(by: 5)
            tracker.track("d")
            tracker.track("e")
            XCTAssertEqual(Self.sessions(sink.events), ["a 0*", "b 10*", "c 15*", "d 25*", "e 25"])
        }
    }

    func testAClockThatGoesBackKeepsTheSessionWithOneDiagnostic() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let clock = SettableTrackingClock(date: Date(timeIntervalSince1970: 1_700_000_000))
            let sink = InMemoryTrackingSink()
            let log = DiagnosticLog()
            let tracker = Self.tracker(sink, in: directory, clock: clock, log: log)
            tracker.track("a")
            clock.date = Date(timeIntervalSince1970: 1_600_000_000)
            tracker.track("b")
            tracker.track("c")
            Headless.enterBackground()
            clock.date = Date(timeIntervalSince1970: 1_500_000_000)
            Headless.enterForeground()
            tracker.track("d")
            XCTAssertEqual(Self.sessions(sink.events), ["a 0*", "b 0", "c 0", "d 0"])
            XCTAssertEqual(log.codes, [.clockWentBack])
            XCTAssertFalse(log.all[0].message.contains("1600000000"))
        }
    }

    func testTheSessionIsSavedBesideTheIdentityAndNotWhileConsentIsDenied() throws {
        let directory: URL = self.directory
        try MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let sink = InMemoryTrackingSink()
            let tracker = Self.tracker(sink, in: directory, clock: clock, log: DiagnosticLog())
            let file = directory.appendingPathComponent("session.json")
            tracker.track("a")
            clock.advance(by: 7)
            Headless.enterBackground()
            SessionStore.waitForSaves()
            let saved = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            let session = try XCTUnwrap(saved["session"] as? [String: Any])
            XCTAssertEqual(session["id"] as? Int, 1_700_000_000)
            XCTAssertEqual(session["isStarting"] as? Bool, false)
            XCTAssertEqual(saved["backgroundedAt"] as? Double, Date(timeIntervalSince1970: 1_700_000_007).timeIntervalSinceReferenceDate)

            tracker.consent = .denied
            SessionStore.waitForSaves()
            XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
            Headless.enterForeground()
            tracker.track("b")
            SessionStore.waitForSaves()
            XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
            tracker.consent = .granted
            SessionStore.waitForSaves()
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
        }
    }

    func testAnUnreadableSessionFileCostsTheSessionWithADiagnostic() throws {
        let directory: URL = self.directory
        try MainActor.assumeIsolated {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("{\"session\": 12".utf8).write(to: directory.appendingPathComponent("session.json"))
            let sink = InMemoryTrackingSink()
            let log = DiagnosticLog()
            let tracker = Self.tracker(sink, in: directory, clock: ManualTrackingClock(), log: log)
            tracker.track("a")
            XCTAssertEqual(Self.sessions(sink.events), ["a 0*"])
            XCTAssertEqual(log.codes, [.sessionStorageFailed])
        }
    }

    func testADiagnosticHandlerThatRecordsAnEventDoesNotDeadlockTheSession() throws {
        let directory: URL = self.directory
        try MainActor.assumeIsolated {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("[]".utf8).write(to: directory.appendingPathComponent("session.json"))
            let sink = InMemoryTrackingSink()
            let box = TrackerBox()
            var configuration = TrackingConfiguration()
            configuration.tracksApplicationLifecycleEvents = false
            configuration.clock = ManualTrackingClock()
            configuration.storageDirectory = directory
            configuration.diagnosticHandler = { diagnostic in box.tracker?.track(TrackingEventName(rawValue: "diagnosed_\(diagnostic.code.rawValue)")) }
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            box.tracker = tracker
            tracker.track("a")
            // The handler's call comes after `a`: it is delivered after it, in the same session.
            XCTAssertEqual(Self.sessions(sink.events), ["a 0*", "diagnosed_session_storage_failed 0"])
        }
    }

    func testANegativeOrNaNTimeoutIsReplacedByTheDefaultWithADiagnostic() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            for timeout in [-1, TimeInterval.nan] {
                Headless.reset()
                let clock = ManualTrackingClock()
                let sink = InMemoryTrackingSink()
                let log = DiagnosticLog()
                let tracker = Self.tracker(
                    sink, in: directory.appendingPathComponent("\(timeout)"), clock: clock, log: log, timeout: timeout
                )
                tracker.track("a")
                Headless.enterBackground()
                clock.advance(by: 299)
                Headless.enterForeground()
                tracker.track("b")
                XCTAssertEqual(Self.sessions(sink.events), ["a 0*", "b 0"])
                XCTAssertEqual(log.all.map(\.message), ["sessionTimeout \(timeout) is out of range; using 300.0"])
            }
        }
    }
}

/// A clock whose date the test sets, backwards too (a person changing the time); its uptime only grows.
final class SettableTrackingClock: TrackingClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var uptime: TimeInterval = 0

    init(date: Date) {
        current = date
    }

    var date: Date {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue; uptime += 1 } }
    }

    func now() -> TrackingInstant {
        lock.withLock { TrackingInstant(uptime: uptime, date: current) }
    }
}

/// Lets a diagnostic handler made before the tracker reach it.
private final class TrackerBox: @unchecked Sendable {
    var tracker: Tracker?
}
