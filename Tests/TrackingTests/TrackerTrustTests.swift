#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import TestSupport
import XCTest
@testable import Tracking

/// Issue 26, items 5, 7, 8, 9 and 12: consent and identity shared by the trackers on one directory, no hook
/// sees what consent denies, a default consent before the first event, over-long user ids rejected, and
/// the custom sinks' share of what was recorded while consent was pending.
final class TrackerTrustTests: TrackerStorageTestCase {
    override func tearDown() {
        // Session files are saved on a queue of their own: let them land before the directory is removed.
        SessionStore.waitForSaves()
        super.tearDown()
    }

    /// The test's directory, created, and a symbolic link to it beside it; the link goes at the end of the test,
    /// once the session saves have landed.
    private func directoryAndLink() throws -> (directory: URL, link: URL) {
        let directory: URL = self.directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let link = directory.deletingLastPathComponent().appendingPathComponent("link-\(UUID())")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: directory)
        addTeardownBlock {
            SessionStore.waitForSaves()
            unlink(link.path)
        }
        return (directory, link)
    }

    // MARK: - Item 5: one state per directory

    func testTwoTrackersOnOneDirectoryShareConsentAndIdentityAndNeitherRewritesADeletedIdentity() throws {
        // The second tracker reaches the directory through a symbolic link and a `..`.
        let (directory, link) = try directoryAndLink()
        let identityFile = directory.appendingPathComponent("identity.json")
        MainActor.assumeIsolated {
            let first = InMemoryTrackingSink()
            let second = InMemoryTrackingSink()
            let a = Tracker(configuration: Self.configuration(directory), sinks: [first])
            let b = Tracker(configuration: Self.configuration(link.appendingPathComponent("sub/..")), sinks: [second])
            a.identify(userID: "u-1", traits: ["email": "ada@example.com"])
            XCTAssertEqual(b.identity, a.identity, "one identity per directory")
            XCTAssertTrue(FileManager.default.fileExists(atPath: identityFile.path))

            a.consent = .denied
            XCTAssertEqual(b.consent, .denied, "denying on one denies the other")
            XCTAssertFalse(FileManager.default.fileExists(atPath: identityFile.path))
            b.identify(userID: "u-2", traits: ["email": "bob@example.com"])
            b.track("after_denial")
            a.track("after_denial")
            XCTAssertFalse(FileManager.default.fileExists(atPath: identityFile.path), "identity.json was written again after the denial")
            XCTAssertEqual(first.events.map(\.name), ["u-1"])
            XCTAssertEqual(second.events.map(\.name), [])

            b.consent = .granted
            XCTAssertEqual(a.consent, .granted)
            b.track("granted")
            XCTAssertEqual(second.events.map(\.name), ["granted"])
            XCTAssertEqual(second.events.last?.identity?.userID, "u-2")
            XCTAssertTrue(FileManager.default.fileExists(atPath: identityFile.path))
        }
    }

    func testAKeyNamesADirectoryWhateverPathLeadsToIt() throws {
        let (directory, link) = try directoryAndLink()
        let loop = directory.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)

        let key = StorageDirectoryKey.key(for: directory)
        XCTAssertEqual(StorageDirectoryKey.key(for: link), key)
        XCTAssertEqual(StorageDirectoryKey.key(for: link.appendingPathComponent("x/..")), key)
        XCTAssertEqual(StorageDirectoryKey.key(for: link.appendingPathComponent("not/yet")), key + "/not/yet")
        // A link to itself has no end: its path stays as written, and the key is found all the same.
        XCTAssertEqual(StorageDirectoryKey.key(for: loop.appendingPathComponent("x")), key + "/loop/x")
    }

    // MARK: - Item 7: no hook while denied

    func testWhileConsentIsDeniedNoHookSeesAnyEventAndIdentifyKeepsOnlyTheUserID() {
        let directory: URL = self.directory
        let seen = Names()
        MainActor.assumeIsolated {
            var configuration = Self.configuration(directory)
            configuration.beforeSend = [{ event in
                seen.append("\(event.kind) \(event.name) \(event.identity?.traits.keys.sorted() ?? [])")
                return event
            }]
            let sink = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            tracker.consent = .denied
            tracker.identify(userID: "u-7", traits: ["email": "ada@example.com"])
            tracker.track("denied")
            XCTAssertEqual(seen.values, [], "a hook saw an event while consent was denied")
            XCTAssertEqual(tracker.identity.userID, "u-7")
            XCTAssertEqual(tracker.identity.traits, [:], "traits given while denied are not kept")

            tracker.consent = .granted
            tracker.track("granted")
            XCTAssertEqual(seen.values, ["track granted []"])
            XCTAssertEqual(sink.events.map(\.name), ["granted"])
            XCTAssertEqual(sink.events.first?.identity?.userID, "u-7")
        }
    }

    // MARK: - Item 8: a default consent before the first event

    func testADefaultConsentOfPendingKeepsTheLaunchFromCustomSinksAndDeniedFromEverySink() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            var configuration = Self.configuration(directory)
            configuration.tracksApplicationLifecycleEvents = true
            configuration.defaultConsent = .pending
            let sink = InMemoryTrackingSink()
            var tracker: Tracker? = Tracker(configuration: configuration, sinks: [sink])
            XCTAssertEqual(tracker?.consent, .pending)
            XCTAssertEqual(sink.events.map(\.name), [], "a custom sink got the launch before the app could deny")
            tracker?.consent = .denied
            tracker = nil

            // Denied is persisted: a relaunch with the same default stays denied and records nothing.
            let relaunched = Tracker(configuration: configuration, sinks: [sink])
            XCTAssertEqual(relaunched.consent, .denied)
            relaunched.track("denied")
            XCTAssertEqual(sink.events.map(\.name), [])
        }
    }

    // MARK: - Item 9: over-long user ids

    func testIdentifyRejectsAUserIDOverTheByteLimitAndKeepsTheIdentity() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let log = DiagnosticLog()
            var configuration = Self.configuration(directory)
            configuration.diagnosticHandler = log.handler
            let sink = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            let prefix = String(repeating: "u", count: 256)
            tracker.identify(userID: prefix, traits: ["name": "first"])
            tracker.identify(userID: prefix + "-second", traits: ["name": "second"])
            tracker.identify(userID: prefix + "é")
            XCTAssertEqual(log.codes, [.nameTooLong, .nameTooLong])
            XCTAssertEqual(sink.events.map(\.name), [prefix])
            XCTAssertEqual(tracker.identity.userID, prefix, "a longer id was cut into the first user's")
            XCTAssertEqual(tracker.identity.traits, ["name": "first"], "two users' traits merged")
        }
    }

    // MARK: - Item 12: what custom sinks missed while consent was pending

    func testCustomSinksGetWhatWasRecordedWhilePendingOnceGrantedBeforeWhatFollows() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let log = DiagnosticLog()
            var configuration = Self.configuration(directory)
            configuration.diagnosticHandler = log.handler
            configuration.defaultConsent = .pending
            let sink = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            tracker.track("one")
            tracker.identify(userID: "u-1")
            tracker.track("two")
            XCTAssertEqual(sink.events.map(\.name), [])
            tracker.consent = .granted
            tracker.track("three")
            XCTAssertEqual(sink.events.map(\.name), ["one", "u-1", "two", "three"])
            XCTAssertEqual(log.codes, [])

            // What a denial purges is never handed over.
            tracker.consent = .pending
            tracker.track("purged")
            tracker.consent = .denied
            tracker.consent = .granted
            XCTAssertEqual(sink.events.map(\.name), ["one", "u-1", "two", "three"])
        }
    }

    func testBeyondAThousandPendingEventsCustomSinksGetTheLastThousandAndADiagnosticCountsTheRest() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let log = DiagnosticLog()
            var configuration = Self.configuration(directory)
            configuration.diagnosticHandler = log.handler
            configuration.defaultConsent = .pending
            let sink = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            // 2,505: the kept window moves past the first thousand twice (the store compacts each time).
            for number in 0..<2_505 {
                tracker.track(TrackingEventName(rawValue: "e\(number)"))
            }
            tracker.consent = .granted
            XCTAssertEqual(sink.events.map(\.name), (1_505..<2_505).map { "e\($0)" })
            XCTAssertEqual(log.codes, [.pendingEventsDropped])
            XCTAssertEqual(log.all.first?.message.hasPrefix("1505 event(s)"), true)
        }
    }

    // MARK: - Helpers

    private static func configuration(_ directory: URL) -> TrackingConfiguration {
        var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
        configuration.storageDirectory = directory
        return configuration
    }
}

/// Strings appended from any thread.
private final class Names: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    var values: [String] { lock.withLock { stored } }

    func append(_ value: String) {
        lock.withLock { stored.append(value) }
    }
}
