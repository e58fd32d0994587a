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

/// Issue 32: creating a ``DeliverySink`` touches no file (so a tracker created on the main thread reads
/// nothing there); its files are opened once, at the first use, and from the outside it behaves exactly as a
/// sink that opened them in `init`: recovered counts, the persisted consent winning, durable events.
final class DeliverySinkOpeningTests: HeadlessTestCase {
    func testCreatingASinkOnAFreshDirectoryCreatesNothingUntilItsFirstEvent() throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.root.path), "init created the storage directory")
        XCTAssertEqual(fixture.diagnostics.all, [])

        let ids = try fixture.store(0..<1, in: sink)
        // Written by `receive` itself: the open segment holds the event before any seal or flush.
        let open = try XCTUnwrap(segmentFiles(in: sink.configuration.queueDirectory).first)
        XCTAssertTrue(open.hasSuffix(".open"), open)
        sink.store.sealOpenSegment()
        XCTAssertEqual(StoreFixture.allEvents(sink.store).map { $0.id.uuidString.lowercased() }, ids)
        XCTAssertEqual(sink.statistics.stored, 1)
        XCTAssertEqual(sink.statistics.queued, 1)
        XCTAssertEqual(fixture.diagnostics.all, [])
    }

    func testAQueueLeftByAnEarlierSinkIsUntouchedUntilTheFirstReceiveRecoversIt() throws {
        let fixture = try PipelineFixture()
        let earlier = try leaveQueue(0..<5, fixture)
        // Made public by hand: the storage's protection, when it runs, makes it owner-only again.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.root.path)
        let before = try tree(fixture.root)

        let sink = fixture.sink()
        XCTAssertEqual(try tree(fixture.root), before, "init changed the disk")
        XCTAssertEqual(fixture.diagnostics.all, [])

        let later = try fixture.store(5..<6, in: sink)
        XCTAssertEqual(sink.statistics.queued, 6, "the recovered five and the new one")
        XCTAssertEqual(sink.statistics.stored, 1)
        XCTAssertEqual(try mode(fixture.root), 0o700)
        sink.store.sealOpenSegment()
        XCTAssertEqual(sink.store.sealedSegments.map(\.eventCount), [5, 1], "the earlier segment, sealed at opening, then the new one")
        XCTAssertEqual(StoreFixture.allEvents(sink.store).map { $0.id.uuidString.lowercased() }, earlier + later)
        XCTAssertEqual(fixture.collector.requests.count, 0)
        XCTAssertEqual(fixture.diagnostics.all, [])
    }

    func testFlushAndWaitAsTheFirstUseUploadsTheRecoveredQueue() async throws {
        let fixture = try PipelineFixture()
        let earlier = try leaveQueue(0..<5, fixture)
        let before = try tree(fixture.root)

        let sink = fixture.sink()
        XCTAssertEqual(try tree(fixture.root), before, "init changed the disk")

        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 5, kept: 0, rejected: 0, requests: 1))
        XCTAssertEqual(fixture.receivedIds, [earlier])
        XCTAssertEqual(sink.statistics.delivered, 5)
        XCTAssertEqual(fixture.diagnostics.all, [])
    }

    func testAPersistedDenialIsReadAtTheFirstConsentReadAndStillWins() async throws {
        let fixture = try PipelineFixture()
        try leaveQueue(0..<4, fixture)
        // Saved by a tracker that was killed before its sink purged the queue.
        try Data("denied".utf8).write(to: fixture.root.appendingPathComponent("consent"))
        let before = try tree(fixture.root)

        let sink = fixture.sink()
        XCTAssertEqual(try tree(fixture.root), before, "init changed the disk")
        XCTAssertEqual(fixture.diagnostics.all, [])

        XCTAssertEqual(sink.consent, .denied, "the configuration's default (granted) won over the persisted denial")
        XCTAssertEqual(try segmentFiles(in: sink.configuration.queueDirectory), [], "the denial purges the queue")
        try fixture.store(4..<6, in: sink)
        XCTAssertEqual(sink.statistics.queued, 0)
        XCTAssertEqual(sink.statistics.dropped, 2)
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary.requests, 0)
        XCTAssertEqual(fixture.collector.requests.count, 0)
        XCTAssertEqual(fixture.diagnostics.all, [])
    }

    func testNothingLeavesBeforeThePersistedConsentIsReadWhenTheFirstUseIsAFlush() async throws {
        let fixture = try PipelineFixture()
        try leaveQueue(0..<4, fixture)
        try Data("denied".utf8).write(to: fixture.root.appendingPathComponent("consent"))

        let sink = fixture.sink()
        sink.flush()
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 0, kept: 0, rejected: 0, requests: 0))
        XCTAssertEqual(fixture.collector.requests.count, 0)
        XCTAssertEqual(sink.consent, .denied)
        XCTAssertEqual(try segmentFiles(in: sink.configuration.queueDirectory), [])
    }

    func testGrantingConsentAsTheFirstUseSendsThePendingEventsAnEarlierSinkLeft() throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.defaultConsent = .pending
        let earlier = try leaveQueue(0..<3, fixture, configuration, pending: true)

        let sink = fixture.sink(configuration)
        sink.consent = .granted
        fixture.waitForRequests(1)
        XCTAssertEqual(fixture.receivedIds, [earlier])
        XCTAssertEqual(fixture.diagnostics.all, [])
    }

    func testResetAsTheFirstUseSendsTheRecoveredQueue() throws {
        let fixture = try PipelineFixture()
        let earlier = try leaveQueue(0..<4, fixture)

        let sink = fixture.sink()
        sink.reset()
        fixture.waitForRequests(1)
        XCTAssertEqual(fixture.receivedIds, [earlier])
        withExtendedLifetime(sink) {}
    }

    func testOpeningFromManyThreadsAtOnceOpensOnce() throws {
        let fixture = try PipelineFixture()
        let configuration = fixture.configuration()
        // Each found once when opening: a segment that is not one, and a consent that is not one.
        try FileManager.default.createDirectory(at: configuration.queueDirectory, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 100).write(to: configuration.queueDirectory.appendingPathComponent(SegmentNaming.name(1, .seg)))
        try Data("maybe".utf8).write(to: fixture.root.appendingPathComponent("consent"))

        let sink = fixture.sink(configuration)
        XCTAssertEqual(fixture.diagnostics.all, [], "init reported what only opening finds")
        let threads = 8
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        let consents = Consents()
        for _ in 0..<threads {
            finished.enter()
            Thread.detachNewThread {
                start.wait()
                sink.open()
                // Returned only once open: the persisted consent is in place.
                consents.append(sink.consent)
                finished.leave()
            }
        }
        for _ in 0..<threads { start.signal() }
        XCTAssertEqual(finished.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(consents.all, Array(repeating: .pending, count: threads))
        XCTAssertEqual(fixture.diagnostics.codes, [.storeQuarantined, .consentStorageFailed])
        XCTAssertEqual(sink.statistics.queued, 0)
        XCTAssertEqual(fixture.diagnostics.codes, [.storeQuarantined, .consentStorageFailed], "reported again")
    }

    func testADiagnosticHandlerThatCallsBackIntoTheSinkWhileItOpensFindsItOpen() throws {
        let fixture = try PipelineFixture()
        try FileManager.default.createDirectory(at: fixture.root, withIntermediateDirectories: true)
        try Data("maybe".utf8).write(to: fixture.root.appendingPathComponent("consent"))
        let box = SinkBox()
        let consents = Consents()
        var configuration = fixture.configuration()
        configuration.diagnosticHandler = { diagnostic in
            fixture.diagnostics.append(diagnostic)
            if let sink = box.sink { consents.append(sink.consent) }
        }
        let sink = fixture.sink(configuration)
        box.sink = sink
        let opened = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = sink.statistics
            opened.signal()
        }
        XCTAssertEqual(opened.wait(timeout: .now() + 60), .success, "the handler's call back into the sink deadlocked")
        XCTAssertEqual(fixture.diagnostics.codes, [.consentStorageFailed])
        XCTAssertEqual(consents.all, [.pending])
    }

    func testTheBackgroundingNotificationOpensTheSinkAndUploadsTheRecoveredQueue() throws {
        let fixture = try PipelineFixture()
        let earlier = try leaveQueue(0..<3, fixture)
        let center = NotificationCenter()
        let sink = fixture.sink(notificationCenter: center)
        MainActor.assumeIsolated {
            center.post(name: UIApplication.didEnterBackgroundNotification, object: UIApplication.shared)
            runMainRunLoop(until: { !fixture.receivedIds.isEmpty && Headless.openBackgroundTaskCount == 0 })
        }
        XCTAssertEqual(fixture.receivedIds, [earlier])
        withExtendedLifetime(sink) {}
    }

    func testARecoveredQueueGoesAtTheIntervalsEndOnceOpened() throws {
        let fixture = try PipelineFixture()
        let earlier = try leaveQueue(0..<3, fixture)
        var configuration = fixture.configuration()
        configuration.flushInterval = 30
        let sink = fixture.sink(configuration)
        fixture.clock.advance(by: 30)
        sink.open()
        fixture.waitForRequests(1)
        XCTAssertEqual(fixture.receivedIds, [earlier])
        withExtendedLifetime(sink) {}
    }

    // MARK: - Helpers

    /// Stores `range` with a sink that is then released, as an earlier process leaves its queue; returns
    /// the message ids.
    @discardableResult
    private func leaveQueue(_ range: Range<Int>, _ fixture: PipelineFixture, _ configuration: DeliveryConfiguration? = nil,
                            pending: Bool = false) throws -> [String] {
        let earlier = fixture.sink(configuration)
        let ids = try fixture.store(range, in: earlier)
        XCTAssertEqual(pending ? earlier.statistics.pending : earlier.statistics.queued, range.count)
        return ids
    }

    /// Every item under `root` (and `root` itself) with its type, size, permissions and modification date.
    private func tree(_ root: URL) throws -> [String: String] {
        let manager = FileManager.default
        var entries: [String: String] = [:]
        let paths = [""] + (manager.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
        for path in paths {
            let attributes = try manager.attributesOfItem(atPath: root.appendingPathComponent(path).path)
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            entries[path] = [FileAttributeKey.type, .size, .posixPermissions]
                .map { String(describing: attributes[$0] ?? "-") }.joined(separator: " ") + " modified \(modified)"
        }
        return entries
    }

    private func mode(_ url: URL) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    private func segmentFiles(in directory: URL) throws -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".seg") || $0.hasSuffix(".open") || $0.hasSuffix(".ack") }.sorted()
    }
}

/// Consents read on several threads.
private final class Consents: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [DeliveryConsent] = []

    var all: [DeliveryConsent] {
        lock.withLock { values }
    }

    func append(_ consent: DeliveryConsent) {
        lock.withLock { values.append(consent) }
    }
}

/// The sink a diagnostic handler calls back into, set once it exists.
private final class SinkBox: @unchecked Sendable {
    private let lock = NSLock()
    /// Weak: the sink's configuration holds the handler that holds this box.
    private weak var value: DeliverySink?

    var sink: DeliverySink? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
