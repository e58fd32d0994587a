import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The tracker as analytics client (scenario 26): explicit events in call order with the current identity,
/// identity persisted across trackers on the same storage, reset, and the device and app context.
final class AnalyticsClientTests: TrackerStorageTestCase {
    @MainActor
    private static func makeTracker(
        _ sink: InMemoryTrackingSink, in directory: URL, log: DiagnosticLog = DiagnosticLog()
    ) -> Tracker {
        var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: log)
        configuration.storageDirectory = directory
        return Tracker(configuration: configuration, sinks: [sink])
    }

    func testCallsProduceEventsInCallOrderWithTheIdentityCurrentAtEachCall() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let tracker = Self.makeTracker(sink, in: directory)
            let anonymous = tracker.identity.anonymousID

            tracker.track("app_opened", properties: ["cold": true])
            tracker.screen("game_level", properties: ["level": 3])
            tracker.identify(userID: "u-42", traits: ["plan": "pro"])
            tracker.track("order_completed", properties: ["total": 42.5])
            tracker.reset()
            tracker.track("logged_out")

            let events = sink.events
            XCTAssertEqual(events.map { "\($0.kind) \($0.name) \($0.properties)" }, [
                "track app_opened [\"cold\": Tracking.TrackingPropertyValue.bool(true)]",
                "screen_view game_level [\"level\": Tracking.TrackingPropertyValue.int(3)]",
                "identify u-42 [\"plan\": Tracking.TrackingPropertyValue.string(\"pro\")]",
                "track order_completed [\"total\": Tracking.TrackingPropertyValue.double(42.5)]",
                "track logged_out [:]",
            ])
            XCTAssertEqual(events[0].identity, TrackingIdentity(anonymousID: anonymous, userID: nil))
            XCTAssertEqual(events[1].identity, TrackingIdentity(anonymousID: anonymous, userID: nil))
            XCTAssertEqual(events[2].identity, TrackingIdentity(anonymousID: anonymous, userID: "u-42", traits: ["plan": "pro"]))
            XCTAssertEqual(events[3].identity, TrackingIdentity(anonymousID: anonymous, userID: "u-42", traits: ["plan": "pro"]))
            XCTAssertNotEqual(events[4].identity?.anonymousID, anonymous)
            XCTAssertNil(events[4].identity?.userID)
            XCTAssertEqual(events[1].visibleRatio, 1)
            XCTAssertEqual(events[1].screen, TrackingScreen(screenName: "game_level", properties: ["level": 3]))
            XCTAssertEqual(Set(events.map(\.id)).count, 5)
        }
    }

    func testScannedAndExplicitEventsInterleaveInCallOrderWithIdentity() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
            configuration.storageDirectory = directory
            configuration.minimumVisibleDuration = 0
            let sink = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            tracker.identify(userID: "u-1")
            tracker.recordAndDeliver(RecorderFixtures.scan(screens: [(RecorderFixtures.feed, 1)]), at: clock.now())
            tracker.track("refreshed")
            XCTAssertEqual(sink.events.map(\.summary), ["identify u-1 0.0", "screen_view feed 1.0", "track refreshed 0.0"])
            XCTAssertEqual(sink.events.map { $0.identity?.userID }, ["u-1", "u-1", "u-1"])
            XCTAssertTrue(sink.events.allSatisfy { $0.context == tracker.context })
        }
    }

    func testIdentitySurvivesANewTrackerOnTheSameStorageAndResetReplacesIt() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let first = Self.makeTracker(InMemoryTrackingSink(), in: directory)
            first.identify(userID: "u-7")
            let anonymous = first.identity.anonymousID

            let sink = InMemoryTrackingSink()
            let relaunched = Self.makeTracker(sink, in: directory)
            XCTAssertEqual(relaunched.identity, TrackingIdentity(anonymousID: anonymous, userID: "u-7"))
            relaunched.track("resumed")
            XCTAssertEqual(sink.events.first?.identity, TrackingIdentity(anonymousID: anonymous, userID: "u-7"))

            relaunched.reset()
            let afterReset = relaunched.identity
            XCTAssertNotEqual(afterReset.anonymousID, anonymous)
            XCTAssertNil(afterReset.userID)
            XCTAssertEqual(Self.makeTracker(InMemoryTrackingSink(), in: directory).identity, afterReset)
        }
    }

    func testBlankNamesAndUserIDsAreDroppedWithADiagnosticAndChangeNothing() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let sink = InMemoryTrackingSink()
            let log = DiagnosticLog()
            let tracker = Self.makeTracker(sink, in: directory, log: log)
            tracker.identify(userID: "u-1")
            tracker.identify(userID: "  ")
            tracker.track(" ")
            tracker.track("ok", properties: ["": 1, "nan": .double(.nan)])
            XCTAssertEqual(tracker.identity.userID, "u-1")
            XCTAssertEqual(sink.events.map(\.summary), ["identify u-1 0.0", "track ok 0.0"])
            XCTAssertEqual(sink.events.last?.properties, [:])
            XCTAssertEqual(log.all.map(\.code), [.emptyName, .emptyName, .invalidProperty, .invalidProperty])
        }
    }

    func testUnreadableIdentityFileIsReplacedWithADiagnostic() throws {
        let directory: URL = self.directory
        try MainActor.assumeIsolated {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("not json".utf8).write(to: directory.appendingPathComponent("identity.json"))
            let log = DiagnosticLog()
            let tracker = Self.makeTracker(InMemoryTrackingSink(), in: directory, log: log)
            let identity = tracker.identity
            XCTAssertEqual(log.all.map(\.code), [.identityStorageFailed])
            XCTAssertEqual(Self.makeTracker(InMemoryTrackingSink(), in: directory).identity, identity)
        }
    }

    func testContextDescribesTheDeviceAppAndLocaleInSegmentsShape() throws {
        let directory: URL = self.directory
        try MainActor.assumeIsolated {
            _ = Headless.windowScene // an app on screen has a connected window scene
            let context = Self.makeTracker(InMemoryTrackingSink(), in: directory).context
            XCTAssertEqual(context.library, TrackingContext.Library(name: "Sightline", version: "0.2.0"))
            XCTAssertEqual(context.os, TrackingContext.OperatingSystem(name: UIDevice.current.systemName, version: UIDevice.current.systemVersion))
            XCTAssertEqual(context.device.manufacturer, "Apple")
            XCTAssertEqual(context.device.name, UIDevice.current.model)
            XCTAssertEqual(context.device.type, "ios")
            XCTAssertFalse(context.device.model.isEmpty)
            XCTAssertEqual(context.screen, TrackingContext.Screen(width: 390, height: 844, density: 3))
            XCTAssertEqual(context.timezone, TimeZone.current.identifier)
            XCTAssertFalse(context.locale.contains("_"))
            XCTAssertFalse(context.app.name.isEmpty)

            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(context)) as? [String: Any]
            XCTAssertEqual(Set(json?.keys ?? [:].keys), ["library", "app", "device", "os", "screen", "locale", "timezone"])
            XCTAssertEqual(Set((json?["app"] as? [String: Any])?.keys ?? [:].keys), ["name", "version", "build", "namespace"])
            XCTAssertEqual(Set((json?["screen"] as? [String: Any])?.keys ?? [:].keys), ["width", "height", "density"])
            XCTAssertEqual(try JSONDecoder().decode(TrackingContext.self, from: JSONEncoder().encode(context)), context)
        }
    }

    /// How many times a provider gathered.
    private final class GatherCount {
        var count = 0
    }

    /// A provider whose every gathering is counted and names itself in the time zone, `Zone/<count>`.
    @MainActor
    private static func zoneCountingProvider(_ center: NotificationCenter) -> (ContextProvider, GatherCount) {
        let gathers = GatherCount()
        let provider = ContextProvider(notificationCenter: center) {
            gathers.count += 1
            var context = TrackingContext.current()
            context.timezone = "Zone/\(gathers.count)"
            return context
        }
        return (provider, gathers)
    }

    func testContextIsGatheredOnceAndRefreshedAfterLocaleTimeZoneOrActivation() {
        MainActor.assumeIsolated {
            let center = NotificationCenter()
            let (provider, _) = Self.zoneCountingProvider(center)
            XCTAssertEqual([provider.current.timezone, provider.current.timezone], ["Zone/1", "Zone/1"])
            center.post(name: .NSSystemTimeZoneDidChange, object: nil)
            XCTAssertEqual([provider.current.timezone, provider.current.timezone], ["Zone/2", "Zone/2"])
            center.post(name: NSLocale.currentLocaleDidChangeNotification, object: nil)
            XCTAssertEqual(provider.current.timezone, "Zone/3")
            center.post(name: UIApplication.didBecomeActiveNotification, object: nil)
            XCTAssertEqual(provider.current.timezone, "Zone/4")
            center.post(name: UIApplication.didEnterBackgroundNotification, object: nil)
            XCTAssertEqual(provider.current.timezone, "Zone/4")
        }
    }

    func testABackgroundReadGetsTheSnapshotAndTheMainThreadRegathersIt() {
        MainActor.assumeIsolated {
            let center = NotificationCenter()
            let (provider, gathers) = Self.zoneCountingProvider(center)
            final class Box: @unchecked Sendable { var zone = "" }
            func readInBackground() -> String {
                let box = Box()
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    XCTAssertFalse(Thread.isMainThread)
                    box.zone = provider.current.timezone
                    done.signal()
                }
                XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
                return box.zone
            }
            center.post(name: .NSSystemTimeZoneDidChange, object: nil)
            XCTAssertEqual(readInBackground(), "Zone/1")
            XCTAssertEqual(gathers.count, 1, "UIKit was read off the main thread")
            let deadline = Date(timeIntervalSinceNow: 30)
            while gathers.count < 2, Date() < deadline {
                _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
            }
            XCTAssertEqual(gathers.count, 2, "the main thread never regathered the stale context")
            XCTAssertEqual(readInBackground(), "Zone/2")
            XCTAssertEqual(provider.current.timezone, "Zone/2")
            XCTAssertEqual(gathers.count, 2)
        }
    }
}
