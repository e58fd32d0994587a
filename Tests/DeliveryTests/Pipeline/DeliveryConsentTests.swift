import Foundation
import LoopbackCollector
@testable import Tracking
import XCTest

/// Acceptance 30: consent, changeable at any time. Pending events are kept apart and never uploaded;
/// granting sends them; denying purges everything not yet uploaded and stores nothing new, also for a
/// batch in flight; the choice survives a relaunch.
final class DeliveryConsentTests: XCTestCase {
    func testNothingLeavesWhilePendingAndGrantingUploadsTheQueueThenThePendingEvents() async throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        XCTAssertEqual(sink.consent, .granted, "the default")
        let queued = try fixture.store(0..<3, in: sink)
        sink.consent = .pending
        let pending = try fixture.store(3..<8, in: sink)
        XCTAssertEqual(sink.statistics.pending, 5)
        XCTAssertEqual(sink.statistics.queued, 3)

        // Nothing leaves the device while pending: no flush, no count, no background flush.
        sink.flush()
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(kept: 3))
        XCTAssertEqual(fixture.collector.requests.count, 0)
        sink.pendingStore.sealOpenSegment()
        XCTAssertEqual(sink.pendingStore.sealedSegments.map(\.eventCount), [5])

        // The choice and the pending events survive a relaunch.
        let relaunched = fixture.sink()
        XCTAssertEqual(relaunched.consent, .pending)
        XCTAssertEqual(relaunched.statistics.pending, 5)
        _ = await relaunched.flushAndWait()
        XCTAssertEqual(fixture.collector.requests.count, 0)

        relaunched.consent = .granted
        XCTAssertTrue(eventually { relaunched.statistics.delivered == 8 }, "granting flushes the queue, then what was pending")
        XCTAssertEqual(fixture.receivedIds, [queued + pending])
        let after = try fixture.store(8..<10, in: relaunched)
        _ = await relaunched.flushAndWait()
        XCTAssertEqual(fixture.receivedIds, [queued + pending, after])
        XCTAssertEqual(relaunched.statistics.pending, 0)
        XCTAssertEqual(relaunched.pendingStore.sealedSegments, [])
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }

    func testDenyingPurgesEverythingNotUploadedAndStoresNothingNew() async throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        try fixture.store(0..<3, in: sink)
        sink.consent = .pending
        try fixture.store(3..<6, in: sink)
        sink.consent = .denied
        XCTAssertEqual(try segmentFiles(in: sink.store.directory), [])
        XCTAssertEqual(try segmentFiles(in: sink.pendingStore.directory), [])
        XCTAssertEqual(sink.statistics.queued, 0)
        XCTAssertEqual(sink.statistics.pending, 0)

        try fixture.store(6..<9, in: sink)
        XCTAssertEqual(try segmentFiles(in: sink.store.directory), [], "nothing new is stored")
        XCTAssertEqual(sink.statistics.dropped, 3)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary())
        XCTAssertEqual(fixture.collector.requests.count, 0)

        // Still denied after a relaunch, even though the configuration's default is granted.
        let relaunched = fixture.sink()
        XCTAssertEqual(relaunched.consent, .denied)
        try fixture.store(9..<10, in: relaunched)
        _ = await relaunched.flushAndWait()
        XCTAssertEqual(fixture.collector.requests.count, 0)

        // Granting again stores and uploads from then on.
        relaunched.consent = .granted
        let later = try fixture.store(10..<12, in: relaunched)
        _ = await relaunched.flushAndWait()
        XCTAssertEqual(fixture.receivedIds, [later])
    }

    func testABatchInFlightWhenConsentIsDeniedIsNotRetried() async throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.stall)
        var configuration = fixture.configuration()
        // Long enough never to fire here: the stalled request ends only when the collector stops, after the
        // denial, so the order of the two does not depend on how busy the machine is.
        configuration.requestTimeout = 60
        let sink = fixture.sink(configuration)
        let ids = try fixture.store(0..<4, in: sink)
        sink.flush()
        XCTAssertEqual(fixture.waitForRequests(1).map(\.messageIds), [ids])
        sink.consent = .denied
        fixture.collector.stop()
        // The dropped request fails; the retry finds nothing to send, so no second request is even tried.
        XCTAssertTrue(eventually { fixture.uploads.reports.count == 1 }, "reports: \(fixture.uploads.reports)")
        guard case .retrying? = fixture.uploads.outcomes.first else { return XCTFail("\(fixture.uploads.outcomes)") }
        try await waitForScheduledRetry(of: sink)
        let afterRetry = await sink.flushAndWait()
        XCTAssertEqual(afterRetry.requests, 0)
        XCTAssertEqual(fixture.uploads.reports.count, 1, "a retry was attempted after the denial")
        XCTAssertEqual(fixture.collector.requests.count, 1)
        XCTAssertEqual(sink.statistics.delivered, 0)
        XCTAssertEqual(try segmentFiles(in: sink.store.directory), [])
        XCTAssertEqual(fixture.sink().store.countUnacknowledgedEvents(), 0, "nothing comes back after a relaunch")
    }

    func testNoHalfOfASplitBatchGoesOutAfterConsentIsDenied() async throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.payloadTooLarge)
        let denier = Denier()
        var configuration = fixture.configuration()
        // Consent is withdrawn while the 413 is handled, before the halves are sent.
        configuration.uploadObserver = { report in
            fixture.uploads.append(report)
            denier.deny()
        }
        let sink = fixture.sink(configuration)
        denier.sink = sink
        let ids = try fixture.store(0..<6, in: sink)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(fixture.receivedIds, [ids], "a half was posted after consent = .denied returned")
        XCTAssertEqual(fixture.uploads.outcomes, [.split])
        XCTAssertEqual(summary.delivered, 0)
        XCTAssertEqual(sink.statistics.delivered, 0)
        XCTAssertEqual(try segmentFiles(in: sink.store.directory), [])
    }

    func testAnUnreadableOrGarbledConsentFileMeansPendingNotTheDefault() async throws {
        let fixture = try PipelineFixture()
        let configuration = fixture.configuration()
        XCTAssertEqual(configuration.defaultConsent, .granted)
        let file = configuration.consentDirectory.appendingPathComponent("consent")
        try FileManager.default.createDirectory(at: configuration.consentDirectory, withIntermediateDirectories: true)

        // Garbage (a torn or foreign write).
        try Data("gran\u{0}".utf8).write(to: file)
        let garbled = fixture.sink(configuration)
        XCTAssertEqual(garbled.consent, .pending)
        try fixture.store(0..<2, in: garbled)
        _ = await garbled.flushAndWait()
        XCTAssertEqual(fixture.collector.requests.count, 0, "uploaded without a readable consent")
        XCTAssertEqual(garbled.statistics.pending, 2)
        XCTAssertEqual(fixture.diagnostics.codes, [.consentStorageFailed])

        // Unreadable (here a directory stands where the file goes).
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        XCTAssertEqual(fixture.sink(configuration).consent, .pending)
        XCTAssertEqual(fixture.diagnostics.codes, [.consentStorageFailed, .consentStorageFailed])

        // Missing: the default.
        try FileManager.default.removeItem(at: file)
        XCTAssertEqual(fixture.sink(configuration).consent, .granted)
        XCTAssertEqual(fixture.diagnostics.codes.count, 2)
    }

    func testSavingConsentReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        sink.consent = .pending
        sink.consent = .denied
        let directory = sink.configuration.consentDirectory
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("consent"), encoding: .utf8), "denied")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("consent.tmp").path))
        XCTAssertEqual(fixture.sink().consent, .denied)
    }

    func testDefaultConsentAppliesOnlyUntilTheAppSetsOne() async throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.defaultConsent = .pending
        let sink = fixture.sink(configuration)
        XCTAssertEqual(sink.consent, .pending)
        try fixture.store(0..<2, in: sink)
        _ = await sink.flushAndWait()
        XCTAssertEqual(fixture.collector.requests.count, 0)
        sink.consent = .granted
        XCTAssertEqual(fixture.sink(configuration).consent, .granted)
        XCTAssertEqual(try String(contentsOf: fixture.root.appendingPathComponent("consent"), encoding: .utf8), "granted")
    }

    func testConsentChangesFromManyThreadsWhileStoringLoseNoGrantedEvent() throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        sink.consent = .pending
        let stored = LockedStrings()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                for round in 0..<50 { sink.consent = round % 2 == 0 ? .granted : .pending }
                sink.consent = .granted
            } else {
                for number in 0..<100 {
                    let event = fixture.event(worker * 1000 + number)
                    try? sink.receive(event)
                    stored.append(event.id.uuidString.lowercased())
                }
            }
        }
        sink.flush()
        XCTAssertTrue(eventually { sink.statistics.delivered == 300 }, "delivered: \(sink.statistics.delivered)")
        // A request cancelled by a change to pending may already have reached the collector: its batch is
        // kept and sent again with the same ids (at least once, deduplicable).
        let received = fixture.receivedIds.flatMap { $0 }
        XCTAssertGreaterThanOrEqual(received.count, 300)
        XCTAssertTrue(Set(received) == Set(stored.values), "every event is delivered once granted")
        XCTAssertEqual(sink.pendingStore.sealedSegments, [])
    }

    // MARK: - Private

    private func segmentFiles(in directory: URL) throws -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".seg") || $0.hasSuffix(".open") || $0.hasSuffix(".ack") }.sorted()
    }
}

private final class LockedStrings: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ value: String) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// Denies consent on the sink it is given, from whatever thread calls it.
private final class Denier: @unchecked Sendable {
    weak var sink: DeliverySink?

    func deny() {
        sink?.consent = .denied
    }
}
