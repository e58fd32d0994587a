#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import TestSupport
@testable import Tracking
import XCTest

/// Acceptance 32: Segment's application lifecycle events, recorded from the application's notifications
/// across launches on one storage directory (a new tracker each launch, as a relaunched process makes).
final class ApplicationLifecycleTests: TrackerStorageTestCase {
    private let log = DiagnosticLog()

    func test32_threeLaunchesRecordInstallThenUpdateEachFollowedByAnOpenAndBackgroundingAndReturning() {
        let app = LifecycleApp(directory: directory, log: log)
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            var tracker: Tracker? = app.launch(version: "2.1", build: "214", sinks: [sink])
            Headless.enterBackground()
            Headless.enterForeground()
            app.relaunch(&tracker) { app.launch(version: "2.2", build: "220", sinks: [sink]) }
            app.relaunch(&tracker) { app.launch(version: "2.2", build: "220", sinks: [sink]) }

            XCTAssertEqual(sink.events.map(\.description), [
                #"track Application Installed {build="214", version="2.1"}"#,
                #"track Application Opened {build="214", from_background=false, version="2.1"}"#,
                "track Application Backgrounded",
                #"track Application Opened {build="214", from_background=true, version="2.1"}"#,
                #"track Application Updated {build="220", previous_build="214", previous_version="2.1", version="2.2"}"#,
                #"track Application Opened {build="220", from_background=false, version="2.2"}"#,
                #"track Application Opened {build="220", from_background=false, version="2.2"}"#,
            ])
            XCTAssertEqual(Set(sink.events.map(\.kind)), [.track])
            XCTAssertEqual(Set(sink.events.compactMap { $0.identity?.anonymousID }).count, 1, "one person across launches")
            XCTAssertEqual(sink.events.map { $0.context?.app.version }, ["2.1", "2.1", "2.1", "2.1", "2.2", "2.2", "2.2"])
            XCTAssertEqual(app.log.codes, [])
            _ = tracker
        }
    }

    func test32_turnedOffRecordsNoneOfThemAndStoresNothing() {
        let app = LifecycleApp(directory: directory, log: log)
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            var tracker: Tracker? = app.launch(version: "2.1", build: "214", sinks: [sink], lifecycle: false)
            Headless.enterBackground()
            Headless.enterForeground()
            app.relaunch(&tracker) { app.launch(version: "2.2", build: "220", sinks: [sink], lifecycle: false) }
            Headless.enterBackground()
            Headless.enterForeground()
            XCTAssertEqual(sink.events, [])
            XCTAssertFalse(FileManager.default.fileExists(atPath: app.directory.path), "a tracker that records nothing writes nothing")
            _ = tracker
        }
    }

    func testAnInterruptionWithoutBackgroundingIsNotAnOpen() {
        let app = LifecycleApp(directory: directory, log: log)
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let tracker = app.launch(version: "1.0", build: "1", sinks: [sink])
            // Control Center pulled down and put away: the app resigns and regains active, never leaving.
            NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: UIApplication.shared)
            NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: UIApplication.shared)
            XCTAssertEqual(sink.events.map(\.name), ["Application Installed", "Application Opened"])
            _ = tracker
        }
    }

    func testATrackerCreatedWhileActiveOpensAtOnceAndOneCreatedInTheBackgroundOpensOnReturning() {
        let app = LifecycleApp(directory: directory, log: log)
        MainActor.assumeIsolated {
            let active = InMemoryTrackingSink()
            var tracker: Tracker? = app.makeTracker(version: "1.0", build: "1", sinks: [active])
            XCTAssertEqual(active.events.map(\.description), [
                #"track Application Installed {build="1", version="1.0"}"#,
                #"track Application Opened {build="1", from_background=false, version="1.0"}"#,
            ])

            let background = InMemoryTrackingSink()
            Headless.enterBackground()
            app.relaunch(&tracker) { app.makeTracker(version: "1.0", build: "1", sinks: [background]) }
            XCTAssertEqual(background.events, [], "launched into the background: not opened yet")
            Headless.enterForeground()
            XCTAssertEqual(background.events.map(\.description), [
                #"track Application Opened {build="1", from_background=true, version="1.0"}"#,
            ])
            _ = tracker
        }
    }

    func testSightlineAddedToAnInstalledAppRecordsNoInstallThenUpdatesFromThere() {
        let app = LifecycleApp(directory: directory, log: log)
        MainActor.assumeIsolated {
            // An earlier Sightline (no lifecycle events) left an identity behind.
            var configuration = app.configuration(lifecycle: false)
            configuration.storageDirectory = app.directory
            Tracker(configuration: configuration, sinks: []).track("earlier_release")
            let sink = InMemoryTrackingSink()
            var tracker: Tracker? = app.launch(version: "3.0", build: "300", sinks: [sink])
            app.relaunch(&tracker) { app.launch(version: "3.1", build: "310", sinks: [sink]) }
            XCTAssertEqual(sink.events.map(\.name), [
                "Application Opened", "Application Updated", "Application Opened",
            ])
            XCTAssertEqual(sink.events[1].properties["previous_version"], "3.0")
            _ = tracker
        }
    }

    func testAnUnreadableVersionFileIsReportedRecordsNoInstallAndIsRewritten() throws {
        let app = LifecycleApp(directory: directory, log: log)
        try MainActor.assumeIsolated {
            try FileManager.default.createDirectory(at: app.directory, withIntermediateDirectories: true)
            let file = app.directory.appendingPathComponent("app-version.json")
            try Data("{not json".utf8).write(to: file)
            let sink = InMemoryTrackingSink()
            let tracker = app.launch(version: "2.0", build: "20", sinks: [sink])
            XCTAssertEqual(sink.events.map(\.name), ["Application Opened"])
            XCTAssertEqual(app.log.codes, [.lifecycleStorageFailed])
            AppVersionStore.waitForSaves()  // saved off the main thread, once the event is recorded
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: String]
            XCTAssertEqual(saved, ["version": "2.0", "build": "20"])
            _ = tracker
        }
    }

    func test50_aVersionFileWithAnOverLongVersionReadsAsUnknownWithADiagnostic() throws {
        let app = LifecycleApp(directory: directory, log: log)
        try MainActor.assumeIsolated {
            try FileManager.default.createDirectory(at: app.directory, withIntermediateDirectories: true)
            let file = app.directory.appendingPathComponent("app-version.json")
            try JSONSerialization.data(withJSONObject: ["version": String(repeating: "9", count: 3_000), "build": "1"]).write(to: file)
            let sink = InMemoryTrackingSink()
            let tracker = app.launch(version: "2.0", build: "20", sinks: [sink])
            XCTAssertEqual(sink.events.map(\.name), ["Application Opened"])
            XCTAssertEqual(app.log.codes, [.lifecycleStorageFailed])
            AppVersionStore.waitForSaves()  // saved off the main thread, once the event is recorded
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: String]
            XCTAssertEqual(saved, ["version": "2.0", "build": "20"])
            _ = tracker
        }
    }

    // MARK: - Deep links (acceptance 36)

    func test36_aDeepLinkIsRecordedWithoutCredentialsFragmentOrRemovedQueryItems() throws {
        let app = LifecycleApp(directory: directory, log: log)
        try MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let tracker = app.makeTracker(version: "1.0", build: "1", sinks: [sink], lifecycle: false)
            let url = try XCTUnwrap(URL(string: "https://anna:secret@127.0.0.1/item/42?ref=mail&token=abc&tab=reviews#top"))
            tracker.openURL(url, referringApplication: "com.apple.mobilesafari")
            tracker.openURL("myapp://item/42?code=9&q=caf%C3%A9#frag")
            tracker.openURL(try XCTUnwrap(URL(string: "myapp:settings")))
            XCTAssertEqual(sink.events.map(\.description), [
                #"track Deep Link Opened {referring_application="com.apple.mobilesafari", url="https://127.0.0.1/item/42?ref=mail&tab=reviews"}"#,
                #"track Deep Link Opened {url="myapp://item/42?q=caf%C3%A9"}"#,
                #"track Deep Link Opened {url="myapp:settings"}"#,
            ])
            XCTAssertEqual(app.log.codes, [])
        }
    }

    func test36_emptyMalformedSchemelessHostlessAndFileInputIsADiagnosticThatNeverQuotesIt() throws {
        let app = LifecycleApp(directory: directory, log: log)
        try MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let tracker = app.makeTracker(version: "1.0", build: "1", sinks: [sink], lifecycle: false)
            tracker.openURL("")
            tracker.openURL("  \n")
            tracker.openURL("https://[secret")
            tracker.openURL("secret/item/42")
            tracker.openURL("https:///secret/item")
            tracker.openURL(URL(fileURLWithPath: "/home/secret/item"))
            tracker.openURL(try XCTUnwrap(URL(string: "#secret")))
            XCTAssertEqual(sink.events, [])
            XCTAssertEqual(app.log.codes, Array(repeating: .invalidDeepLink, count: 7))
            XCTAssertEqual(app.log.all.map(\.message), [
                "Deep Link Opened not recorded: the URL string is empty",
                "Deep Link Opened not recorded: the URL string is empty",
                "Deep Link Opened not recorded: the URL is malformed",
                "Deep Link Opened not recorded: the URL has no scheme",
                "Deep Link Opened not recorded: the HTTP(S) URL has no host",
                "Deep Link Opened not recorded: a file URL is not a deep link",
                "Deep Link Opened not recorded: the URL has no scheme",
            ])
            XCTAssertFalse(app.log.all.contains { $0.description.contains("secret") })
        }
    }

    func testADeepLinkThatLaunchesTheAppRidesOnItsOpen() {
        let app = LifecycleApp(directory: directory, log: log)
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let launched = LaunchedTracker()
            // `scene(_:willConnectTo:options:)` hands the app the URL that launched it.
            let token = NotificationCenter.default.addObserver(forName: UIScene.willConnectNotification, object: nil, queue: nil) { _ in
                MainActor.assumeIsolated {
                    launched.tracker?.openURL("https://127.0.0.1/item/42#top", referringApplication: "com.example.mail")
                }
            }
            defer { NotificationCenter.default.removeObserver(token) }
            Headless.reset()
            Headless.launch {
                launched.tracker = app.makeTracker(version: "1.0", build: "1", sinks: [sink])
            }
            XCTAssertEqual(sink.events.map(\.description), [
                #"track Application Installed {build="1", version="1.0"}"#,
                #"track Deep Link Opened {referring_application="com.example.mail", url="https://127.0.0.1/item/42"}"#,
                #"track Application Opened {build="1", from_background=false, referring_application="com.example.mail", url="https://127.0.0.1/item/42", version="1.0"}"#,
            ])
        }
    }

    func testADeepLinkThatBringsTheAppBackRidesOnThatOpenOnly() {
        let app = LifecycleApp(directory: directory, log: log)
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let tracker = app.launch(version: "1.0", build: "1", sinks: [sink])
            tracker.openURL("myapp://inbox")
            Headless.enterBackground()
            // `scene(_:openURLContexts:)` comes after the scene began to enter the foreground (its notification,
            // then the application's) and before it becomes active.
            let token = NotificationCenter.default.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: nil) { _ in
                MainActor.assumeIsolated { tracker.openURL("myapp://item/7") }
            }
            Headless.enterForeground()
            NotificationCenter.default.removeObserver(token)
            Headless.enterBackground()
            Headless.enterForeground()
            XCTAssertEqual(Array(sink.events.map(\.description).dropFirst(2)), [
                #"track Deep Link Opened {url="myapp://inbox"}"#,
                "track Application Backgrounded",
                #"track Deep Link Opened {url="myapp://item/7"}"#,
                #"track Application Opened {build="1", from_background=true, url="myapp://item/7", version="1.0"}"#,
                "track Application Backgrounded",
                #"track Application Opened {build="1", from_background=true, version="1.0"}"#,
            ])
        }
    }
}

/// The app under test: its trackers keep their storage in `directory` and report into `log`.
private struct LifecycleApp {
    let directory: URL
    let log: DiagnosticLog

    @MainActor
    func configuration(lifecycle: Bool = true) -> TrackingConfiguration {
        var configuration = TrackingConfiguration()
        configuration.tracksApplicationLifecycleEvents = lifecycle
        configuration.clock = ManualTrackingClock()
        configuration.diagnosticHandler = log.handler
        configuration.storageDirectory = directory
        return configuration
    }

    /// A tracker on this test's storage whose app is at `version` (`build`), created now, its launch's events
    /// delivered (they are, off the main thread, once its files are read: ACCEPTANCE 55).
    @MainActor
    func makeTracker(version: String, build: String, sinks: [any TrackingSink], lifecycle: Bool = true) -> Tracker {
        let tracker = Tracker(
            configuration: configuration(lifecycle: lifecycle), sinks: sinks, runLoop: .main, notificationCenter: .default,
            gatherContext: {
                var context = TrackingContext.sample
                context.app.version = version
                context.app.build = build
                return context
            }
        )
        tracker.mailbox.waitUntilDelivered()
        return tracker
    }

    /// A launch of the app: a fresh headless UIKit, launched, the tracker created in
    /// `application(_:didFinishLaunchingWithOptions:)`.
    @MainActor
    func launch(version: String, build: String, sinks: [any TrackingSink], lifecycle: Bool = true) -> Tracker {
        Headless.reset()
        var tracker: Tracker?
        Headless.launch {
            tracker = makeTracker(version: version, build: build, sinks: sinks, lifecycle: lifecycle)
        }
        return tracker!
    }

    /// Ends the process of `tracker` (the tracker is released, and must go away) and starts the next one.
    @MainActor
    func relaunch(_ tracker: inout Tracker?, file: StaticString = #filePath, line: UInt = #line, _ next: () -> Tracker) {
        weak let ended = tracker
        tracker = nil
        XCTAssertNil(ended, "the previous launch's tracker is still alive and observing", file: file, line: line)
        tracker = next()
    }
}

/// The tracker a launch created, for observers that run during that launch (main thread only).
private final class LaunchedTracker: @unchecked Sendable {
    var tracker: Tracker?
}
