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

/// The rest of issue 21's proof: the sanitizer's, the event store's and a redirect's diagnostics carry no
/// personal data either.
final class DiagnosticPrivacyFaultTests: HeadlessTestCase {
    func testSanitizerDiagnosticsCarryNoPersonalData() throws {
        MainActor.assumeIsolated {
            let probe = PersonalDataProbe()
            let tracker = Tracker(configuration: probe.trackingConfiguration("sanitizer"), sinks: [])

            tracker.identify(userID: PersonalDataProbe.userID, traits: [
                "score": .double(.nan), "bio": .string(PersonalDataProbe.long(PersonalDataProbe.value)),
            ])
            probe.expect([.propertyValueTooLong, .invalidProperty], from: "identify with bad traits")

            tracker.identify(userID: PersonalDataProbe.long(PersonalDataProbe.userID))
            probe.expect([.nameTooLong], from: "identify with a long user id")

            tracker.track("Purchased", properties: ["note": .string(PersonalDataProbe.long(PersonalDataProbe.value))])
            probe.expect([.propertyValueTooLong], from: "track with a long property value")

            let window = PersonalDataProbe.showScreen(
                identifier: PersonalDataProbe.long(PersonalDataProbe.identifier), elementType: " ",
                frame: CGRect(x: 0, y: 0, width: 100, height: 100)
            )
            tracker.scanNow()
            probe.expect([.nameTooLong, .emptyName], from: "a scan with a long screen identifier and an unnamed element")
            withExtendedLifetime(window) {}
        }
    }

    func testStoreDiagnosticsCarryNoPersonalData() async throws {
        let probe = PersonalDataProbe()
        let collector = try LoopbackCollector()
        defer { collector.stop() }

        // A file where the write key's queue directory belongs.
        let blocked = probe.deliveryConfiguration("blocked", collector: collector)
        try FileManager.default.createDirectory(at: blocked.storageDirectory, withIntermediateDirectories: true)
        try Data(PersonalDataProbe.value.utf8).write(to: blocked.queueDirectory)
        let blockedSink = DeliverySink(configuration: blocked, notificationCenter: NotificationCenter())
        XCTAssertThrowsError(try blockedSink.receive(PersonalDataProbe.event(identity: PersonalDataProbe.identity)))
        // Consent lives in its own directory, not the queue's: only the store fails.
        // The pending area inside it fails for the same reason: one condition, reported once.
        probe.expect([.storeUnavailable], from: "a file where the queue directory belongs")

        // A directory where a segment's acknowledgement file belongs: recording the delivery fails.
        let sink = DeliverySink(configuration: probe.deliveryConfiguration("acknowledgement", collector: collector),
                                notificationCenter: NotificationCenter())
        try sink.receive(PersonalDataProbe.event(identity: PersonalDataProbe.identity))
        sink.store.sealOpenSegment()
        let segment = try XCTUnwrap(sink.store.sealedSegments.first)
        try FileManager.default.createDirectory(
            at: sink.store.directory.appendingPathComponent(SegmentNaming.name(segment.sequence, .ack)), withIntermediateDirectories: false
        )
        _ = await sink.flushAndWait()
        probe.expect([.storeWriteFailed], from: "an acknowledgement that cannot be written")
    }

    func testRedirectDiagnosticCarriesNoLocation() async throws {
        let probe = PersonalDataProbe()
        let collector = try LoopbackCollector()
        defer { collector.stop() }
        let location = collector.url(path: "/\(PersonalDataProbe.location)").absoluteString
        collector.enqueue(.status(302, headers: ["Location": location], body: ""))
        let sink = DeliverySink(configuration: probe.deliveryConfiguration("redirect", collector: collector),
                                notificationCenter: NotificationCenter())
        try sink.receive(PersonalDataProbe.event(identity: PersonalDataProbe.identity))
        sink.flush()
        probe.waitForDiagnostics(1)
        probe.expect([.uploadFailed], from: "a 302 with a Location")
    }
}
