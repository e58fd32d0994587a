import Foundation
import LoopbackCollector
@testable import Tracking
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Acceptance 29, the kill: the app process is SIGKILLed after the collector received a batch but before
/// the app could record its delivery. The next launch sends that batch again with the same message ids,
/// does not resend what was acknowledged before the kill, and loses nothing. ACCEPTANCE 62: the same for
/// every destination.
final class DeliveryKillTests: XCTestCase {
    func testAKillBetweenUploadAndAcknowledgementResendsTheSameMessageIdsAndLosesNothing() async throws {
        try await assertAKillLosesNothing(destination: .segment)
    }

    func testAKillDuringAPostHogUploadLosesNothing() async throws {
        try await assertAKillLosesNothing(destination: .postHog)
    }

    func testAKillDuringAnAmplitudeUploadLosesNothing() async throws {
        try await assertAKillLosesNothing(destination: .amplitude)
    }

    func testAKillDuringAMixpanelUploadLosesNothing() async throws {
        try await assertAKillLosesNothing(destination: .mixpanel)
    }

    // MARK: - Private

    private func assertAKillLosesNothing(destination: DeliveryDestination) async throws {
        let root = TemporaryDirectory.url("DeliveryKillTests")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { TemporaryDirectory.remove(root) }
        let collector = try LoopbackCollector()
        defer { collector.stop() }
        // The first batch is accepted (and acknowledged by the child); the second is recorded, then its
        // answer never comes: the child is killed while waiting for it.
        collector.enqueue(.accept, .stall)
        let report = root.appendingPathComponent("report.txt")
        let child = try UploadChildProcess.launch(directory: root, port: collector.port, report: report, destination: destination)
        let received = collector.waitForRequests(count: 2, timeout: 60)
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        XCTAssertEqual(child.terminationReason, .uncaughtSignal, "the child must still be running when killed")
        let stored = UploadChildProcess.reportedIds(report)
        XCTAssertEqual(stored.count, UploadChildProcess.eventCount)
        let beforeKill = try XCTUnwrap(received).map(\.destinationEventIDs)
        XCTAssertEqual(beforeKill, [Array(stored[0..<4]), Array(stored[4..<8])])

        // The next launch: the unacknowledged batch again, same ids, then the rest; the first batch never again.
        let diagnostics = DiagnosticLog()
        let sink = DeliverySink(
            configuration: UploadChildProcess.configuration(
                directory: root, port: collector.port, destination: destination, report: diagnostics.append
            ),
            notificationCenter: NotificationCenter()
        )
        XCTAssertEqual(sink.statistics.queued, 6, "the acknowledged batch is not counted")
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 6, kept: 0, rejected: 0, requests: 2))
        let all = collector.requests.map(\.destinationEventIDs)
        XCTAssertEqual(all, [Array(stored[0..<4]), Array(stored[4..<8]), Array(stored[4..<8]), Array(stored[8...])])
        XCTAssertEqual(Set(all.flatMap { $0 }), Set(stored), "nothing lost")
        XCTAssertEqual(collector.requests.map(\.path), Array(repeating: destination.defaultEndpoint.path, count: 4),
                       "the child and the next launch both spoke \(destination)")
        XCTAssertEqual(diagnostics.codes, [])
    }
}
