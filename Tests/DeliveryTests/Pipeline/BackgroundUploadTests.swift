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

/// Acceptance 48: the move to the background uploads that backgrounding's own `Screen Ended` and
/// `Application Backgrounded`, with no `flush()` by the app and no return to the foreground, whatever order
/// `NotificationCenter` calls its observers in (the delivery sink is created, and observes, before the tracker).
final class BackgroundUploadTests: HeadlessTestCase {
    /// The messages the collector must receive, in one request, in this order: `(type, event or name)`.
    private static let expected: [[String]] = [
        ["track", "Application Installed"], ["track", "Application Opened"], ["screen", "home"],
        ["track", "Before Background"], ["track", "Screen Ended"], ["track", "Application Backgrounded"],
    ]

    func testTheBackgroundingsOwnEventsLeaveInTheUploadItStartsOnEveryRound() throws {
        // Each round is a fresh app on a fresh directory and collector; a failure ends the rounds.
        for round in 1...12 {
            guard try runRound(round) else { return }
        }
    }

    func testACustomSinkIsFlushedAfterTheBackgroundingsEventsInsideABackgroundTask() {
        MainActor.assumeIsolated {
            let log = CallLog()
            let fixture = try! PipelineFixture()
            var configuration = fixture.trackerConfiguration()
            configuration.tracksApplicationLifecycleEvents = true
            configuration.minimumVisibleDuration = 0
            let sink = CallLogSink(log: log)
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let home = UIViewController()
            home.trackingScreen = TrackingScreen(screenName: "home")
            window.rootViewController = home
            window.makeKeyAndVisible()
            tracker.start()
            tracker.scanNow()

            Headless.enterBackground()

            XCTAssertEqual(log.calls, [
                "track Application Installed", "track Application Opened", "screen_view home", "screen_ended home",
                "track Application Backgrounded",
                "flush (background tasks: Sightline.background)",
            ])
            XCTAssertEqual(Headless.openBackgroundTaskCount, 0, "the tracker's background task is ended")
            XCTAssertEqual(Headless.backgroundTaskMisuses, [])
            withExtendedLifetime((tracker, window)) {}
            SessionStore.waitForSaves()
            withExtendedLifetime(fixture) {}
        }
    }

    func testADeliverySinkUploadsByItselfAgainOnceItsTrackerIsReleased() throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink(notificationCenter: .default)
        MainActor.assumeIsolated {
            var tracker: Tracker? = Tracker(configuration: fixture.trackerConfiguration(), sinks: [sink])
            XCTAssertEqual(sink.backgroundTrackers.count, 1)
            tracker = nil
            XCTAssertNil(tracker)
            XCTAssertEqual(sink.backgroundTrackers.count, 0)
        }
        let ids = try fixture.store(0..<3, in: sink)
        MainActor.assumeIsolated {
            Headless.enterBackground()
            runMainRunLoop(until: { Headless.openBackgroundTaskCount == 0 })
        }
        XCTAssertEqual(fixture.receivedIds, [ids])
        SessionStore.waitForSaves()
        withExtendedLifetime(fixture) {}
    }

    func testADeliverySinkWithoutATrackerUploadsWhenTheAppPostsTheNotificationOffTheMainThread() throws {
        let fixture = try PipelineFixture()
        let center = NotificationCenter()
        let sink = fixture.sink(notificationCenter: center)
        let ids = try fixture.store(0..<3, in: sink)
        let application = MainActor.assumeIsolated { UIApplication.shared }
        let posted = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            center.post(name: UIApplication.didEnterBackgroundNotification, object: application)
            posted.signal()
        }
        XCTAssertEqual(posted.wait(timeout: .now() + 60), .success)
        MainActor.assumeIsolated {
            runMainRunLoop(until: { !fixture.receivedIds.isEmpty && Headless.openBackgroundTaskCount == 0 })
        }
        XCTAssertEqual(fixture.receivedIds, [ids])
        withExtendedLifetime((sink, fixture)) {}
    }

    /// Launches an app with a tracker on the public `init(configuration:delivery:sinks:)`, shows a tracked
    /// screen, records an event and moves the app to the background; returns whether the collector got
    /// what it must.
    private func runRound(_ round: Int) throws -> Bool {
        MainActor.assumeIsolated { Headless.reset() }
        let fixture = try PipelineFixture()
        let received: [CollectedRequest] = MainActor.assumeIsolated {
            var configuration = fixture.trackerConfiguration()
            configuration.tracksApplicationLifecycleEvents = true
            configuration.minimumVisibleDuration = 0
            var tracker: Tracker?
            Headless.launch {
                tracker = Tracker(configuration: configuration, delivery: fixture.configuration())
            }
            let home = UIViewController()
            home.trackingScreen = TrackingScreen(screenName: "home")
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = home
            window.makeKeyAndVisible()
            Headless.settle()
            tracker?.start()
            XCTAssertEqual(tracker?.scanNow().map(\.kind), [.screenView], "round \(round)")
            tracker?.track("Before Background")

            Headless.enterBackground()
            // The upload runs in a background task; when every task has ended, the upload is over.
            runMainRunLoop(until: { Headless.openBackgroundTaskCount == 0 })
            XCTAssertEqual(Headless.backgroundTaskMisuses, [], "round \(round)")
            withExtendedLifetime((tracker, window)) {}
            return fixture.collector.requests
        }
        let messages = received.flatMap(\.messages).map { message in
            [message["type"] as? String ?? "?", (message["event"] ?? message["name"]) as? String ?? "?"]
        }
        XCTAssertEqual(messages, Self.expected, "round \(round): what the backgrounding's upload sent")
        XCTAssertEqual(received.count, 1, "round \(round): one upload, started by the backgrounding")
        XCTAssertEqual(fixture.diagnostics.codes, [], "round \(round)")
        // Session files are saved on a queue of their own: let them land before the fixture removes its directory.
        SessionStore.waitForSaves()
        withExtendedLifetime(fixture) {}
        return messages == Self.expected && received.count == 1
    }
}

/// What a sink was called with, in order: each event's name, and each flush with the background tasks open.
private final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    var calls: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func append(_ call: String) {
        lock.lock()
        entries.append(call)
        lock.unlock()
    }
}

private struct CallLogSink: TrackingSink {
    let log: CallLog

    func receive(_ event: TrackingEvent) throws {
        log.append("\(event.kind) \(event.name)")
    }

    func flush() {
        let tasks = MainActor.assumeIsolated { Headless.openBackgroundTaskNames.map { $0 ?? "-" }.joined(separator: ", ") }
        log.append("flush (background tasks: \(tasks))")
    }
}
