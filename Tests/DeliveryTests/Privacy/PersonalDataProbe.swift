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

/// Recognisable personal data to feed every diagnostic-producing path, a storage directory whose path holds
/// a marker, and the check that each step reported exactly what it should and none of the markers.
final class PersonalDataProbe {
    // MARK: - Markers

    static let userID = "alice@example.com"
    static let value = "SECRET-VALUE-123"
    static let identifier = "IDENTIFIER-QRS"
    static let writeKey = "WRITEKEY-XYZ"
    static let pathMarker = "PATHMARKER-789"
    static let location = "LOCATION-MARKER-456"
    static let markers = [userID, value, identifier, writeKey, pathMarker, location]

    /// `marker` followed by enough text to be over every length limit.
    static func long(_ marker: String) -> String {
        marker + String(repeating: "x", count: 2_000)
    }

    /// An impression carrying every marker a scanned event can carry, for `identity`.
    static func event(identity: TrackingIdentity?, note: String = value) -> TrackingEvent {
        TrackingEvent(
            timestamp: Date(timeIntervalSince1970: 1_795_000_000), kind: .impression,
            element: TrackingElement(elementType: "profile_card", identifier: identifier,
                                     properties: ["email": .string(userID), "note": .string(note)]),
            screen: TrackingScreen(screenName: "profile", identifier: identifier), visibleRatio: 1,
            identity: identity, context: .sample
        )
    }

    static let identity = TrackingIdentity(anonymousID: UUID(), userID: userID)

    /// Shows a screen with `identifier` holding one element of `elementType` (identifier ``identifier``) at
    /// `frame`, laid out and ready to scan; keep the window while it should show.
    @MainActor
    static func showScreen(identifier: String, elementType: TrackingElementType, frame: CGRect) -> UIWindow {
        let screen = UIViewController()
        screen.trackingScreen = TrackingScreen(screenName: "profile", identifier: identifier)
        let element = UIView(frame: frame)
        element.trackingElement = TrackingElement(elementType: elementType, identifier: Self.identifier)
        screen.view.addSubview(element)
        let window = showInWindow(screen)
        Headless.runUpdateCycle()
        return window
    }

    // MARK: - Storage and configurations

    let root = TemporaryDirectory.url("Privacy-\(PersonalDataProbe.pathMarker)")
    let log = DiagnosticLog()

    deinit {
        TemporaryDirectory.remove(root)
    }

    /// A tracker configuration storing in `directory` under ``root``, reporting to ``log``.
    func trackingConfiguration(_ directory: String) -> TrackingConfiguration {
        var configuration = TrackingConfiguration()
        configuration.tracksApplicationLifecycleEvents = false
        configuration.clock = ManualTrackingClock()
        configuration.diagnosticHandler = log.handler
        configuration.minimumVisibleDuration = 0
        configuration.storageDirectory = root.appendingPathComponent(directory, isDirectory: true)
        return configuration
    }

    /// A delivery configuration for ``writeKey`` storing in `directory` under ``root``, uploading to
    /// `collector` only when told, retrying within milliseconds, reporting to ``log``.
    func deliveryConfiguration(_ directory: String, collector: LoopbackCollector) -> DeliveryConfiguration {
        var configuration = DeliveryConfiguration(writeKey: Self.writeKey)
        configuration.storageDirectory = root.appendingPathComponent(directory, isDirectory: true)
        configuration.consentDirectory = root.appendingPathComponent(directory, isDirectory: true)
        configuration.endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: Int(collector.port))
        configuration.flushAt = .max
        configuration.flushInterval = 3600
        configuration.requestTimeout = 10
        configuration.clock = ManualTrackingClock()
        configuration.diagnosticHandler = log.handler
        configuration.uploadBackoff = UploadBackoffPolicy(base: 0.02, cap: 0.1, jitter: 0, maximumRetryAfter: 2)
        return configuration
    }

    // MARK: - Checks

    /// Waits until ``log`` holds `count` diagnostics after those already checked; bounded at 60 s, well past
    /// the 10 s request timeout at which a dropped connection ends on Linux.
    func waitForDiagnostics(_ count: Int, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date(timeIntervalSinceNow: 60)
        while log.all.count < checked + count, Date() < deadline {
            usleep(2_000)
        }
        XCTAssertGreaterThanOrEqual(log.all.count, checked + count, "timed out waiting for diagnostics", file: file, line: line)
    }

    /// Asserts that the diagnostics reported since the last check have exactly `codes` and that none
    /// carries a marker, in its message or its description.
    func expect(_ codes: [TrackingDiagnostic.Code], from step: String, file: StaticString = #filePath, line: UInt = #line) {
        let all = log.all
        let reported = Array(all[checked...])
        checked = all.count
        XCTAssertEqual(reported.map(\.code), codes, "\(step): \(reported)", file: file, line: line)
        for diagnostic in reported {
            let text = diagnostic.description.lowercased()
            for marker in Self.markers where text.contains(marker.lowercased()) {
                XCTFail("\(step): \(diagnostic.code) carries \(marker): \(diagnostic.message)", file: file, line: line)
            }
        }
    }

    // MARK: - Private

    private var checked = 0
}
