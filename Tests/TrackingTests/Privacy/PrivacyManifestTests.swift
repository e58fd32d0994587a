import Foundation
import TestSupport
@testable import Tracking
import XCTest

/// The privacy manifest that ships in Tracking's resource bundle says what the code does: no tracking, the
/// data an identified event carries on the wire, and the required-reason APIs the module calls.
final class PrivacyManifestTests: XCTestCase {
    func testManifestDeclaresNoTrackingAndNoTrackingDomains() throws {
        let manifest = try Self.manifest()
        XCTAssertEqual(manifest["NSPrivacyTracking"] as? Bool, false)
        XCTAssertEqual((manifest["NSPrivacyTrackingDomains"] as? [String])?.count, 0)
    }

    func testCollectedDataTypesAreWhatAnIdentifiedEventSends() throws {
        let event = TrackingEvent(
            timestamp: Date(timeIntervalSince1970: 1_795_000_000), kind: .track, screen: nil, visibleRatio: 0,
            eventName: "order_placed", identity: TrackingIdentity(anonymousID: UUID(), userID: "user-9"), context: .sample
        )
        let message = try XCTUnwrap(WireMessage(event: event, naming: TrackingWireNaming()))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(message.encoded().bytes)) as? [String: Any])
        let context = try XCTUnwrap(json["context"] as? [String: Any])
        XCTAssertEqual(json["event"] as? String, "order_placed")
        XCTAssertEqual(json["userId"] as? String, "user-9")
        XCTAssertNotNil(json["anonymousId"] as? String)
        XCTAssertEqual(Set(context.keys), ["library", "app", "device", "os", "screen", "locale", "timezone"])

        let collected = try XCTUnwrap(try Self.manifest()["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        XCTAssertEqual(collected.compactMap { $0["NSPrivacyCollectedDataType"] as? String }, [
            "NSPrivacyCollectedDataTypeProductInteraction",  // screen views, impressions, track calls
            "NSPrivacyCollectedDataTypeUserID",              // userId, once identified
            "NSPrivacyCollectedDataTypeDeviceID",            // anonymousId, persisted per install
            "NSPrivacyCollectedDataTypeOtherDataTypes",      // context: app, device model, OS, screen, locale, time zone
        ])
        for entry in collected {
            XCTAssertEqual(entry["NSPrivacyCollectedDataTypeLinked"] as? Bool, true, "\(entry)")
            XCTAssertEqual(entry["NSPrivacyCollectedDataTypeTracking"] as? Bool, false, "\(entry)")
            XCTAssertEqual(entry["NSPrivacyCollectedDataTypePurposes"] as? [String], ["NSPrivacyCollectedDataTypePurposeAnalytics"], "\(entry)")
        }
    }

    func testAccessedAPICategoriesAreTheOnesTheModuleCalls() throws {
        let accessed = try XCTUnwrap(try Self.manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var reasons: [String: [String]] = [:]
        for entry in accessed {
            reasons[try XCTUnwrap(entry["NSPrivacyAccessedAPIType"] as? String)] = entry["NSPrivacyAccessedAPITypeReasons"] as? [String]
        }
        XCTAssertEqual(reasons, [
            "NSPrivacyAccessedAPICategorySystemBootTime": ["35F9.1"],
            "NSPrivacyAccessedAPICategoryFileTimestamp": ["C617.1"],
        ])

        // System boot time (35F9.1: durations between events in the app): the system clock's uptime is
        // `ProcessInfo.systemUptime`, read between two readings of it.
        let before = ProcessInfo.processInfo.systemUptime
        let uptime = SystemTrackingClock().now().uptime
        let after = ProcessInfo.processInfo.systemUptime
        XCTAssert(before <= uptime && uptime <= after, "\(before) ≤ \(uptime) ≤ \(after)")

        // File metadata (C617.1: files inside the app container): the store's `fstat`/`lstat` look at files in
        // the storage directory, which by default is in the app's Application Support.
        let applicationSupport = try XCTUnwrap(FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first)
        XCTAssertEqual(SightlineStorage.defaultDirectory.deletingLastPathComponent().standardizedFileURL, applicationSupport.standardizedFileURL)
    }

    /// The manifest as it ships: read from Tracking's resource bundle, not from the source tree.
    private static func manifest() throws -> [String: Any] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy"))
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        return try XCTUnwrap(plist as? [String: Any])
    }
}
