import Foundation
import TestSupport
@testable import Tracking
import XCTest

/// `group`, `alias` and traits kept with the identity, through the tracker's public API (scenario 35; the
/// wire form is checked at the collector in `SessionAndTraitsUploadTests`).
final class GroupAliasTraitsTests: TrackerStorageTestCase {
    @MainActor
    private static func tracker(_ sink: InMemoryTrackingSink, in directory: URL, log: DiagnosticLog = DiagnosticLog()) -> Tracker {
        var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: log)
        configuration.storageDirectory = directory
        return Tracker(configuration: configuration, sinks: [sink])
    }

    func testGroupRecordsTheGroupAndItsTraitsAndIsNotRemembered() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let tracker = Self.tracker(sink, in: directory)
            let plan = "enterprise"
            tracker.group("acme", traits: ["name": "Acme", "seats": 12])
            tracker.group("globex", traits: ["plan": plan, "founded": Date(timeIntervalSince1970: 0)])
            tracker.track("next")
            XCTAssertEqual(sink.events.map { "\($0.kind) \($0.name) \($0.groupID ?? "-")" }, [
                "group acme acme", "group globex globex", "track next -",
            ])
            XCTAssertEqual(sink.events[0].properties, ["name": "Acme", "seats": 12])
            XCTAssertEqual(sink.events[1].properties, ["plan": "enterprise", "founded": .date(Date(timeIntervalSince1970: 0))])
            XCTAssertEqual(sink.events[0].description, "group acme {name=\"Acme\", seats=12}")
        }
    }

    func testABlankOrOverLongGroupIDDropsTheEventWithADiagnostic() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let log = DiagnosticLog()
            let tracker = Self.tracker(sink, in: directory, log: log)
            tracker.group("")
            tracker.group(" \n")
            tracker.group(String(repeating: "g", count: 257))
            tracker.group(String(repeating: "g", count: 256))
            XCTAssertEqual(sink.events.map(\.name), [String(repeating: "g", count: 256)])
            XCTAssertEqual(log.codes, [.emptyName, .emptyName, .nameTooLong])
            XCTAssertTrue(log.all.allSatisfy { !$0.message.contains("ggg") })
        }
    }

    func testAliasNamesThePreviousIDAndLaterEventsAndRelaunchesCarryTheNewUserID() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let tracker = Self.tracker(sink, in: directory)
            let anonymous = tracker.identity.anonymousID
            tracker.alias("u-1")
            tracker.track("signed_up")
            tracker.alias("u-2")
            tracker.track("renamed")
            XCTAssertEqual(sink.events.map { "\($0.kind) \($0.previousID ?? "-") \($0.identity?.userID ?? "-")" }, [
                "alias \(anonymous.uuidString.lowercased()) u-1", "track - u-1", "alias u-1 u-2", "track - u-2",
            ])
            XCTAssertEqual(Set(sink.events.compactMap { $0.identity?.anonymousID }), [anonymous])
            XCTAssertEqual(Self.tracker(InMemoryTrackingSink(), in: directory).identity, TrackingIdentity(anonymousID: anonymous, userID: "u-2"))
        }
    }

    func testABlankOrOverLongAliasChangesNothing() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let log = DiagnosticLog()
            let tracker = Self.tracker(sink, in: directory, log: log)
            tracker.identify(userID: "u-1")
            tracker.alias("  ")
            tracker.alias(String(repeating: "u", count: 300))
            tracker.track("after")
            XCTAssertEqual(sink.events.map { "\($0.kind) \($0.identity?.userID ?? "-")" }, ["identify u-1", "track u-1"])
            XCTAssertEqual(log.codes, [.emptyName, .nameTooLong])
        }
    }

    func testTraitsMergeOverEarlierOnesRideOnLaterEventsStartAfreshForAnotherUserAndResetClearsThem() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let tracker = Self.tracker(sink, in: directory)
            tracker.identify(traits: ["newsletter": true])
            tracker.identify(userID: "u-1", traits: ["plan": "free", "locale": "de"])
            tracker.track("a")
            tracker.identify(userID: "u-1", traits: ["plan": "pro"])
            tracker.track("b")
            tracker.identify(userID: "u-2", traits: ["plan": "team"])
            tracker.track("c")
            tracker.reset()
            tracker.track("d")
            XCTAssertEqual(sink.events.map(\.name), ["", "u-1", "a", "u-1", "b", "u-2", "c", "d"])
            XCTAssertEqual(sink.events.map { $0.identity?.traits ?? ["missing": true] }, [
                ["newsletter": true],
                ["newsletter": true, "plan": "free", "locale": "de"],
                ["newsletter": true, "plan": "free", "locale": "de"],
                ["newsletter": true, "plan": "pro", "locale": "de"],
                ["newsletter": true, "plan": "pro", "locale": "de"],
                ["plan": "team"],
                ["plan": "team"],
                [:],
            ])
            // The identify event's own traits stay the call's.
            XCTAssertEqual(sink.events[3].properties, ["plan": "pro"])
        }
    }

    func testTraitsSurviveARelaunchAndAnUnreadableTraitsFileKeepsTheIdentity() throws {
        let directory: URL = self.directory
        try MainActor.assumeIsolated {
            // Each tracker is released before the next one starts, as at a relaunch: trackers alive at once
            // on one directory share one identity in memory.
            let identity = try { () throws -> TrackingIdentity in
                let first = Self.tracker(InMemoryTrackingSink(), in: directory)
                first.identify(userID: "u-1", traits: ["plan": "pro", "signed_up": Date(timeIntervalSince1970: 1_600_000_000)])
                return first.identity
            }()
            let sink = InMemoryTrackingSink()
            do {
                let relaunched = Self.tracker(sink, in: directory)
                relaunched.track("resumed")
            }
            XCTAssertEqual(identity.traits["signed_up"], .date(Date(timeIntervalSince1970: 1_600_000_000)))
            // Saved as JSON, a date comes back as the ISO-8601 string the wire carries for it.
            XCTAssertEqual(sink.events.first?.identity, TrackingIdentity(
                anonymousID: identity.anonymousID, userID: "u-1",
                traits: ["plan": "pro", "signed_up": "2020-09-13T12:26:40.000Z"]
            ))

            let file = directory.appendingPathComponent("identity.json")
            var saved = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            saved["traits"] = ["not", "an", "object"]
            try JSONSerialization.data(withJSONObject: saved).write(to: file)
            let log = DiagnosticLog()
            let damaged = Self.tracker(InMemoryTrackingSink(), in: directory, log: log)
            XCTAssertEqual(damaged.identity, TrackingIdentity(anonymousID: identity.anonymousID, userID: "u-1"))
            XCTAssertEqual(log.codes, [.identityStorageFailed])
        }
    }

    func testTraitsAreBoundedAndWhatDoesNotFitIsDroppedWithADiagnostic() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let log = DiagnosticLog()
            let tracker = Self.tracker(sink, in: directory, log: log)
            let kilobyte = TrackingPropertyValue.string(String(repeating: "x", count: 1_000))
            var traits: TrackingProperties = [:]
            for number in 0..<12 { traits["t\(number < 10 ? "0" : "")\(number)"] = kilobyte }
            tracker.identify(userID: "u-1", traits: traits)
            // The identify event itself carries them all (24,000 bytes allowed for an event's own).
            XCTAssertEqual(sink.events[0].properties.count, 12)
            // What rides on every event keeps what fits in 4,000 bytes, in key order.
            XCTAssertEqual(tracker.identity.traits.keys.sorted(), ["t00", "t01", "t02"])
            XCTAssertEqual(log.codes, [.propertiesTooLarge])
            XCTAssertTrue(log.all[0].message.contains("the user's traits"))
        }
    }

    func testADiagnosticHandlerThatRecordsAnEventWhileTraitsAreTrimmedDoesNotDeadlock() {
        // The trim's diagnostic reaches the handler after the identity store's lock is released: a handler
        // that records an event (which reads the identity) must not wait on it.
        let directory: URL = self.directory
        let sink = InMemoryTrackingSink()
        let tracker: Tracker = MainActor.assumeIsolated {
            let holder = TrackerHolder()
            var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
            configuration.storageDirectory = directory
            configuration.diagnosticHandler = { diagnostic in
                if diagnostic.code == .propertiesTooLarge { holder.tracker?.track("trimmed") }
            }
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            holder.tracker = tracker
            return tracker
        }
        let big = TrackingPropertyValue.string(String(repeating: "x", count: 1_000))
        let traits = TrackingProperties(uniqueKeysWithValues: (0..<12).map { ("t\($0)", big) })
        let done = expectation(description: "identify returned")
        DispatchQueue.global().async {
            tracker.identify(userID: "u-1", traits: traits)
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
        // The handler's call comes after the identify call: it is delivered after it, not nested in it.
        XCTAssertEqual(sink.events.map(\.name), ["u-1", "trimmed"])
    }
}

/// Lets a diagnostic handler reach the tracker it is configured into.
private final class TrackerHolder: @unchecked Sendable {
    weak var tracker: Tracker?
}
