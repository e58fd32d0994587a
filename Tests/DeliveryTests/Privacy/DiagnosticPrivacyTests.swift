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

/// Issue 21: every diagnostic-producing path reachable through the public API and a real environment (bad
/// configuration, unreadable and unwritable files, a throwing sink, a collector answering 4xx or 500 or
/// closing the connection), fed a user id, property values, identifiers, a write key and a storage path
/// that are all recognisable: each path reports its diagnostic, and no diagnostic carries any of them.
///
/// The paths whose messages other engineers own are in ``DiagnosticPrivacyFaultTests``.
final class DiagnosticPrivacyTests: HeadlessTestCase {
    func testTrackerDiagnosticsCarryNoPersonalData() throws {
        try MainActor.assumeIsolated {
            let probe = PersonalDataProbe()

            var invalid = probe.trackingConfiguration("invalid")
            invalid.scansPerSecond = .nan
            _ = Tracker(configuration: invalid, sinks: [])
            probe.expect([.invalidConfiguration], from: "invalid configuration")

            let garbled = probe.trackingConfiguration("garbled")
            try FileManager.default.createDirectory(at: garbled.storageDirectory, withIntermediateDirectories: true)
            try Data("{\"userID\":\"\(PersonalDataProbe.userID)\"".utf8)
                .write(to: garbled.storageDirectory.appendingPathComponent("identity.json"))
            _ = Tracker(configuration: garbled, sinks: []).identity
            probe.expect([.identityStorageFailed], from: "unreadable identity.json")

            // A non-empty directory where identity.json belongs: reading it fails (not a regular file), saving fails.
            let blocked = probe.trackingConfiguration("blocked")
            try FileManager.default.createDirectory(
                at: blocked.storageDirectory.appendingPathComponent("identity.json/\(PersonalDataProbe.value)"),
                withIntermediateDirectories: true
            )
            let blockedTracker = Tracker(configuration: blocked, sinks: [])
            blockedTracker.identify(userID: PersonalDataProbe.userID)
            probe.expect([.identityStorageFailed, .identityStorageFailed, .identityStorageFailed], from: "unwritable identity.json")
            for diagnostic in probe.log.all.suffix(2) {
                XCTAssertTrue(diagnostic.message.hasPrefix("could not save the identity ("), diagnostic.message)
                XCTAssertTrue(diagnostic.message.contains("EISDIR (errno 21)"), "the errno beneath the error: \(diagnostic.message)")
            }

            let failing = Tracker(configuration: probe.trackingConfiguration("sink"), sinks: [LeakyThrowingSink()])
            failing.identify(userID: PersonalDataProbe.userID, traits: ["plan": .string(PersonalDataProbe.value)])
            failing.track("Purchased", properties: ["note": .string(PersonalDataProbe.value)])
            probe.expect([.sinkFailed], from: "a sink throwing an error that quotes the event (once: it keeps throwing)")

            let reentrant = ReentrantSink()
            let scanned = Tracker(configuration: probe.trackingConfiguration("scan"), sinks: [reentrant])
            reentrant.tracker = scanned
            let window = PersonalDataProbe.showScreen(
                identifier: PersonalDataProbe.identifier, elementType: "profile_card",
                frame: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)
            )
            scanned.scanNow()
            probe.expect([.invalidGeometry, .reentrantScan], from: "invalid geometry and a scan from a sink")
            withExtendedLifetime(window) {}
        }
    }

    func testDeliveryDiagnosticsCarryNoPersonalData() async throws {
        let probe = PersonalDataProbe()
        let collector = try LoopbackCollector()
        defer { collector.stop() }

        var invalid = probe.deliveryConfiguration("invalid", collector: collector)
        invalid.flushAt = 0
        invalid.flushInterval = -1
        invalid.queueFileEventLimit = 0
        _ = DeliverySink(configuration: invalid, notificationCenter: NotificationCenter())
        probe.expect([.invalidConfiguration, .invalidConfiguration, .invalidConfiguration], from: "invalid delivery configuration")
        var unreachable = probe.deliveryConfiguration("endpoint", collector: collector)
        unreachable.endpoint = TrackingEndpoint(scheme: .http, host: "", path: "/\(PersonalDataProbe.writeKey)")
        _ = DeliverySink(configuration: unreachable, notificationCenter: NotificationCenter())
        probe.expect([.invalidEndpoint], from: "an endpoint that is not a URL")

        let consent = probe.deliveryConfiguration("consent", collector: collector)
        try FileManager.default.createDirectory(at: consent.consentDirectory, withIntermediateDirectories: true)
        try Data(PersonalDataProbe.value.utf8).write(to: consent.consentDirectory.appendingPathComponent("consent"))
        let consentSink = DeliverySink(configuration: consent, notificationCenter: NotificationCenter())
        XCTAssertEqual(consentSink.consent, .pending)
        probe.expect([.consentStorageFailed], from: "an unreadable saved consent")
        // A non-empty directory where the consent's temporary file goes: saving fails.
        try FileManager.default.createDirectory(
            at: consent.consentDirectory.appendingPathComponent("consent.tmp/\(PersonalDataProbe.value)"),
            withIntermediateDirectories: true
        )
        consentSink.consent = .denied
        probe.expect([.consentStorageFailed], from: "consent that cannot be saved")
        XCTAssertEqual(probe.log.all.last?.message,
                       "could not save consent denied (open failed: EEXIST (errno 17)); it applies now, and a relaunch reads it or pending")

        let corrupt = probe.deliveryConfiguration("corrupt", collector: collector)
        try FileManager.default.createDirectory(at: corrupt.queueDirectory, withIntermediateDirectories: true)
        try Data(PersonalDataProbe.long(PersonalDataProbe.value).utf8)
            .write(to: corrupt.queueDirectory.appendingPathComponent(SegmentNaming.name(1, .seg)))
        _ = DeliverySink(configuration: corrupt, notificationCenter: NotificationCenter()).statistics
        probe.expect([.storeQuarantined], from: "a segment file that is not a segment")

        let sink = DeliverySink(configuration: probe.deliveryConfiguration("upload", collector: collector),
                                notificationCenter: NotificationCenter())
        try sink.receive(PersonalDataProbe.event(identity: nil))
        try sink.receive(PersonalDataProbe.event(identity: PersonalDataProbe.identity,
                                                 note: String(repeating: PersonalDataProbe.value, count: 3_000)))
        _ = await sink.flushAndWait()
        probe.expect([.messageTooLarge, .eventNotSendable], from: "events the wire cannot carry")

        collector.enqueue(.serverError, .dropConnection, .badRequest)
        try sink.receive(PersonalDataProbe.event(identity: PersonalDataProbe.identity))
        sink.flush()
        probe.waitForDiagnostics(3)
        probe.expect([.uploadFailed, .uploadFailed, .batchRejected], from: "500, a dropped connection, then 400")
    }

    // MARK: - Helpers

    /// Throws an error whose description quotes the event, as an app's own sink might.
    private struct LeakyThrowingSink: TrackingSink {
        struct Failure: Error, CustomStringConvertible {
            var event: TrackingEvent
            var description: String { "cannot forward \(event.name) \(event.identity?.userID ?? "") \(event.properties)" }
        }

        func receive(_ event: TrackingEvent) throws {
            throw Failure(event: event)
        }
    }

    /// Asks its tracker to scan from inside a scan's delivery.
    private final class ReentrantSink: TrackingSink, @unchecked Sendable {
        weak var tracker: Tracker?

        func receive(_ event: TrackingEvent) throws {
            MainActor.assumeIsolated { _ = tracker?.scanNow() }
        }
    }
}
