import XCTest
@testable import Tracking

/// The event store's write and read sides: records round-trip exactly, sealing at a count, size and age,
/// acknowledgements (partial ones survive reopening), moving between stores, purge, caps, and failing
/// directories.
final class EventStoreTests: XCTestCase {
    func testEventsRoundTripExactlyWithTheirContextAcrossSealingAndReopening() {
        let fixture = StoreFixture()
        let store = fixture.open()
        var other = StoreFixture.context
        other.locale = "de-DE"
        let written = (0..<7).map { fixture.event($0) } + [fixture.event(7, context: other), fixture.event(8, context: nil)]
        for event in written {
            XCTAssertNoThrow(try store.append(event))
        }
        XCTAssertEqual(store.sealedSegments.map(\.eventCount), [5], "sealed at the count of 5")
        store.sealOpenSegment()
        XCTAssertEqual(store.sealedSegments.map(\.eventCount), [5, 4])
        XCTAssertEqual(StoreFixture.allEvents(store), written)
        XCTAssertEqual(StoreFixture.allEvents(fixture.open()), written)
        XCTAssertEqual(fixture.log.all, [])
    }

    func testOnlySealedSegmentsAreReadAndTheOpenOneIsSealedOnDemand() throws {
        let fixture = StoreFixture()
        let store = fixture.open()
        try store.append(fixture.event(1))
        XCTAssertEqual(store.sealedSegments, [])
        XCTAssertEqual(store.openSegmentEventCount, 1)
        XCTAssertEqual(fixture.files(".open").count, 1)
        store.sealOpenSegment()
        XCTAssertEqual(store.openSegmentEventCount, 0)
        XCTAssertEqual(fixture.files(".open").count, 0)
        XCTAssertEqual(fixture.files(".seg").count, 1)
        store.sealOpenSegment()
        XCTAssertEqual(store.sealedSegments.count, 1, "sealing with no open segment does nothing")
    }

    func testSegmentsSealAtTheirByteSizeAndAtTheirAgeOnTheNextAppend() throws {
        let fixture = StoreFixture()
        let probe = fixture.open(at: fixture.root.appendingPathComponent("probe"))
        for number in 0..<3 { try probe.append(fixture.event(number)) }
        var limits = StoreFixture.smallLimits
        limits.segmentEventCount = 1000
        limits.segmentByteCount = probe.storedByteCount
        limits.segmentAge = 10
        let store = fixture.open(limits)
        for number in 0..<3 { try store.append(fixture.event(number)) }
        XCTAssertEqual(store.sealedSegments.map(\.eventCount), [3], "sealed when the third record reaches the byte limit")
        try store.append(fixture.event(3))
        fixture.clock.advance(by: 10)
        try store.append(fixture.event(4))
        XCTAssertEqual(store.sealedSegments.map(\.eventCount), [3, 1], "the 10 s old segment sealed before the append")
    }

    func testAcknowledgedEventsAreNotReadAgainAndAFullyAcknowledgedSegmentIsDeleted() throws {
        let fixture = StoreFixture()
        let store = fixture.open()
        let written = (0..<5).map { fixture.event($0) }
        for event in written { try store.append(event) }
        let segment = try XCTUnwrap(store.sealedSegments.first)

        store.acknowledge(written[0..<2].map(\.id), in: segment)
        XCTAssertEqual(store.events(in: segment).map(\.id), written[2...].map(\.id))
        XCTAssertEqual(fixture.files(".ack").count, 1)

        // The partial acknowledgement survives a reopen (a killed process).
        let reopened = fixture.open()
        let reopenedSegment = try XCTUnwrap(reopened.sealedSegments.first)
        XCTAssertEqual(reopened.events(in: reopenedSegment).map(\.id), written[2...].map(\.id))

        reopened.acknowledge(written[1...].map(\.id), in: reopenedSegment)
        XCTAssertEqual(reopened.sealedSegments, [])
        XCTAssertEqual(fixture.files(".seg") + fixture.files(".ack"), [])
        XCTAssertEqual(fixture.open().sealedSegments, [])
    }

    /// Five events in one sealed segment of a store that is then dropped, and where its sidecar would be.
    private func sealedSegmentOfAKilledProcess(_ fixture: StoreFixture) throws -> ([TrackingEvent], URL) {
        let store = fixture.open()
        let written = (0..<5).map { fixture.event($0) }
        for event in written { try store.append(event) }
        let segment = try XCTUnwrap(store.sealedSegments.first)
        return (written, fixture.directory.appendingPathComponent(SegmentNaming.name(segment.sequence, .ack)))
    }

    func testAFullyAcknowledgedSegmentLeftByAKillBeforeDeletionIsDeletedOnOpen() throws {
        let fixture = StoreFixture()
        let (written, ackFile) = try sealedSegmentOfAKilledProcess(fixture)
        // The state between the acknowledgement's fsync and the segment's deletion.
        try Data(AcknowledgementFormat.entries(for: written.map(\.id))).write(to: ackFile)

        XCTAssertEqual(fixture.open().sealedSegments, [])
        XCTAssertEqual(fixture.files(".seg") + fixture.files(".ack"), [])
    }

    func testATornAcknowledgementEntryIsIgnoredSoTheEventIsDeliveredAgainNotLost() throws {
        let fixture = StoreFixture()
        let (written, ackFile) = try sealedSegmentOfAKilledProcess(fixture)
        var entries = AcknowledgementFormat.entries(for: written.prefix(2).map(\.id))
        entries[25] ^= 0xFF // the second entry's id
        entries += AcknowledgementFormat.entries(for: [written[2].id]).prefix(11) // torn third entry
        try Data(entries).write(to: ackFile)

        let reopened = fixture.open()
        XCTAssertEqual(StoreFixture.allEvents(reopened).map(\.id), written.dropFirst().map(\.id))
    }

    func testAcknowledgementsAppendedAfterATornTailAreRead() throws {
        let fixture = StoreFixture()
        let (written, ackFile) = try sealedSegmentOfAKilledProcess(fixture)
        // The first entry, then 7 bytes of a torn second one (a short write on a full disk, a power loss).
        let torn = AcknowledgementFormat.entries(for: [written[0].id]) + AcknowledgementFormat.entries(for: [written[1].id]).prefix(7)
        try Data(torn).write(to: ackFile)

        let reopened = fixture.open()
        let segment = try XCTUnwrap(reopened.sealedSegments.first)
        XCTAssertTrue(reopened.acknowledge([written[1].id, written[2].id], in: segment))
        // The append cut the torn tail first: whole entries only, and every acknowledgement reads back.
        XCTAssertEqual(try Data(contentsOf: ackFile).count, 3 * AcknowledgementFormat.entrySize)
        XCTAssertEqual(StoreFixture.allEvents(reopened).map(\.id), written.dropFirst(3).map(\.id))
        XCTAssertEqual(StoreFixture.allEvents(fixture.open()).map(\.id), written.dropFirst(3).map(\.id))
    }

    func testATornEntryInTheMiddleOfASidecarCostsOnlyItself() {
        let ids = (0..<3).map { _ in UUID() }
        let bytes = AcknowledgementFormat.entries(for: [ids[0]]) + AcknowledgementFormat.entries(for: [ids[1]]).prefix(7)
            + AcknowledgementFormat.entries(for: [ids[2]])
        XCTAssertEqual(AcknowledgementFormat.ids(in: bytes), [ids[0], ids[2]])
    }

    func testAFailedAppendIsTruncatedBackToWhereItBegan() throws {
        let fixture = StoreFixture()
        try FileManager.default.createDirectory(at: fixture.root, withIntermediateDirectories: true)
        let path = fixture.root.appendingPathComponent("1.ack").path
        let first = AcknowledgementFormat.entries(for: [UUID()])
        try FileIO.appendDurably(first, to: path, entrySize: AcknowledgementFormat.entrySize)
        // A file-size limit 10 bytes past the end makes the next append a short write followed by EFBIG,
        // as a disk filling up mid-write would (SIGXFSZ ignored so that the write fails instead).
        var saved = rlimit()
        getrlimit(resourceLimitFileSize, &saved)
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        var limited = saved
        limited.rlim_cur = rlim_t(first.count + 10)
        setrlimit(resourceLimitFileSize, &limited)
        let appended = Result { try FileIO.appendDurably(AcknowledgementFormat.entries(for: [UUID()]), to: path, entrySize: 20) }
        setrlimit(resourceLimitFileSize, &saved)
        signal(SIGXFSZ, previousHandler)

        XCTAssertThrowsError(try appended.get())
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(first), "the partial entry was left behind")
    }

    func testAnEventAppendedAfterTheByteCapSealedTheOpenSegmentKeepsItsContext() throws {
        let fixture = StoreFixture()
        var limits = StoreFixture.smallLimits
        limits.segmentEventCount = 1_000
        limits.storedByteCount = 1_500
        let store = fixture.open(limits)
        var written: [TrackingEvent] = []
        for number in 0..<12 {
            let event = fixture.event(number)
            try store.append(event)
            written.append(event)
        }
        store.sealOpenSegment()
        let kept = StoreFixture.allEvents(store)
        XCTAssertFalse(kept.isEmpty)
        XCTAssertLessThan(kept.count, written.count, "the cap never dropped anything")
        XCTAssertEqual(kept.map(\.id), written.suffix(kept.count).map(\.id))
        for event in kept {
            XCTAssertEqual(event.context, StoreFixture.context, "event \(event.id) lost its context")
        }
    }

    func testSealedSegmentsMoveToAnotherStoreWithTheirAcknowledgementsAndPurgeEmptiesAStore() throws {
        let fixture = StoreFixture()
        let pendingDirectory = fixture.root.appendingPathComponent("pending")
        let pending = fixture.open(at: pendingDirectory)
        let queue = fixture.open()
        let queued = (0..<5).map { fixture.event($0) }
        let held = (5..<15).map { fixture.event($0) }
        for event in queued { try queue.append(event) }
        for event in held { try pending.append(event) }
        pending.acknowledge([held[0].id], in: pending.sealedSegments[0])

        pending.moveSealedSegments(to: queue)
        XCTAssertEqual(pending.sealedSegments, [])
        XCTAssertEqual(StoreFixture.allEvents(queue), queued + held.dropFirst())
        XCTAssertEqual(StoreFixture.allEvents(fixture.open()), queued + held.dropFirst(), "the move is on disk")
        XCTAssertEqual(fixture.files(".seg", in: pendingDirectory), [])

        try queue.append(fixture.event(99))
        queue.purge()
        XCTAssertEqual(queue.sealedSegments, [])
        XCTAssertEqual(fixture.files(".seg") + fixture.files(".open") + fixture.files(".ack"), [])
        XCTAssertEqual(fixture.open().sealedSegments, [])
    }

    func testTheByteCapDropsTheOldestSegmentsWithADiagnosticCountingThem() throws {
        let fixture = StoreFixture()
        var limits = StoreFixture.smallLimits
        let probe = StoreFixture()
        let sizing = probe.open()
        for number in 0..<5 { try sizing.append(probe.event(number)) }
        let segmentBytes = sizing.sealedSegments[0].byteCount
        limits.storedByteCount = segmentBytes * 2 + 100
        let store = fixture.open(limits)
        let written = (0..<20).map { fixture.event($0) }
        for event in written { try store.append(event) }
        store.sealOpenSegment()
        XCTAssertEqual(StoreFixture.allEvents(store), Array(written[10...]))
        XCTAssertLessThanOrEqual(store.storedByteCount, limits.storedByteCount)
        XCTAssertEqual(fixture.log.all.map(\.description), [
            "[Tracking] store_cap_exceeded: dropped the 5 oldest event(s) (1 segment(s)) to stay under the cap of \(limits.storedByteCount) bytes",
            "[Tracking] store_cap_exceeded: dropped the 5 oldest event(s) (1 segment(s)) to stay under the cap of \(limits.storedByteCount) bytes",
        ])
    }

    func testTheAgeCapDropsOldSegmentsOnOpenAndOldEventsOnRead() throws {
        let fixture = StoreFixture()
        var limits = StoreFixture.smallLimits
        limits.eventAge = 100
        let store = fixture.open(limits)
        let old = (0..<5).map { fixture.event($0) }
        for event in old { try store.append(event) }
        fixture.clock.advance(by: 60)
        let mixed = (5..<8).map { fixture.event($0) }
        for event in mixed { try store.append(event) }
        store.sealOpenSegment()
        fixture.clock.advance(by: 50)

        XCTAssertEqual(fixture.open(limits).sealedSegments.map(\.eventCount), [3], "the 110 s old segment is dropped on open")
        XCTAssertEqual(fixture.log.all.map(\.description), [
            "[Tracking] store_cap_exceeded: dropped 5 event(s) (1 segment(s)) older than the age cap of 100 s",
        ])
    }

    func testAnUnwritableDirectoryIsADiagnosticAndEveryAppendThrowsWithoutCrashing() throws {
        // Tests run as root, for whom permissions stop nothing: a path under a regular file can never be
        // created, by anyone.
        let fixture = StoreFixture()
        try FileManager.default.createDirectory(at: fixture.root, withIntermediateDirectories: true)
        let blocker = fixture.root.appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: blocker)
        let store = fixture.open(at: blocker.appendingPathComponent("queue"))
        XCTAssertEqual(fixture.log.codes, [.storeUnavailable])
        XCTAssertThrowsError(try store.append(fixture.event(1)))
        XCTAssertThrowsError(try store.append(fixture.event(2)))
        XCTAssertEqual(fixture.log.codes, [.storeUnavailable], "one diagnostic per failure streak")
        XCTAssertEqual(store.sealedSegments, [])
    }

    func testADirectoryReplacedByAFileWhileRunningRefusesEventsThenResumesWhenItIsBack() throws {
        let fixture = StoreFixture()
        let store = fixture.open()
        try store.append(fixture.event(0))
        try FileManager.default.removeItem(at: fixture.directory)
        try Data("in the way".utf8).write(to: fixture.directory)

        XCTAssertThrowsError(try store.append(fixture.event(1)))
        XCTAssertThrowsError(try store.append(fixture.event(2)))
        XCTAssertEqual(fixture.log.codes, [.storeUnavailable, .storeWriteFailed], "one diagnostic per failure streak")

        try FileManager.default.removeItem(at: fixture.directory)
        let resumed = fixture.event(3)
        XCTAssertNoThrow(try store.append(resumed))
        store.sealOpenSegment()
        XCTAssertEqual(StoreFixture.allEvents(store), [resumed])
    }

    func testADirectoryDeletedWhileRunningIsRecreatedWithADiagnostic() throws {
        let fixture = StoreFixture()
        let store = fixture.open()
        for number in 0..<7 { try store.append(fixture.event(number)) }
        try FileManager.default.removeItem(at: fixture.directory)

        let after = (7..<9).map { fixture.event($0) }
        for event in after { XCTAssertNoThrow(try store.append(event)) }
        store.sealOpenSegment()
        XCTAssertEqual(StoreFixture.allEvents(store), after)
        XCTAssertEqual(StoreFixture.allEvents(fixture.open()), after)
        XCTAssertEqual(fixture.log.all.map(\.description), [
            "[Tracking] store_unavailable: the store's files were removed while running "
                + "(7 event(s) with them); storage is recreated",
        ])
    }

    func testConcurrentAppendsReadsAndAcknowledgementsLoseAndDuplicateNothing() throws {
        let fixture = StoreFixture()
        let store = fixture.open()
        let writers = 4
        let perWriter = 300
        let events = (0..<(writers * perWriter)).map { fixture.event($0) }
        let delivered = LockedIDs()
        let writing = DispatchGroup()
        for writer in 0..<writers {
            DispatchQueue.global().async(group: writing) {
                for event in events[(writer * perWriter)..<((writer + 1) * perWriter)] {
                    do {
                        try store.append(event)
                    } catch {
                        XCTFail("append failed: \(error)")
                    }
                }
            }
        }
        // An uploader: reads sealed segments and acknowledges what it read, while the writers write.
        func drain() {
            for segment in store.sealedSegments {
                let read = store.events(in: segment).map(\.id)
                delivered.add(read)
                store.acknowledge(read, in: segment)
            }
        }
        let deadline = Date(timeIntervalSinceNow: 60)
        while writing.wait(timeout: .now() + .milliseconds(1)) == .timedOut {
            guard Date() < deadline else {
                return XCTFail("the writers did not finish within 60 s")
            }
            drain()
        }
        store.sealOpenSegment()
        drain()
        XCTAssertEqual(delivered.counts.count, events.count)
        XCTAssertEqual(delivered.counts.values.filter { $0 != 1 }.count, 0, "an id was read twice")
        XCTAssertEqual(Set(delivered.counts.keys), Set(events.map(\.id)))
        XCTAssertEqual(store.sealedSegments, [])
        XCTAssertEqual(fixture.files(".seg") + fixture.files(".ack") + fixture.files(".open"), [])
    }

    func testBackgroundingSynchronizesTheStoreOffTheMainThread() throws {
        let fixture = StoreFixture()
        let center = NotificationCenter()
        var configuration = DeliveryConfiguration(writeKey: "key_1")
        configuration.endpoint = StoreFixture.closedLoopbackEndpoint
        configuration.flushAt = .max
        configuration.storageDirectory = fixture.root
        configuration.consentDirectory = fixture.root
        configuration.diagnosticHandler = fixture.log.handler
        let sink = DeliverySink(configuration: configuration, notificationCenter: center)
        try sink.receive(fixture.event(1))
        XCTAssertEqual(sink.store.completedSynchronizations, 0)
        center.post(name: Notification.Name("UIApplicationDidEnterBackgroundNotification"), object: nil)
        let deadline = Date().addingTimeInterval(5)
        while sink.store.completedSynchronizations == 0, Date() < deadline {
            usleep(1000)
        }
        XCTAssertEqual(sink.store.completedSynchronizations, 1)
        XCTAssertEqual(sink.store.directory.lastPathComponent, "key_1")
    }

    func testWriteKeysThatAreNotSafeFileNamesGetAHashedDirectory() {
        var configuration = DeliveryConfiguration(writeKey: "../etc/passwd")
        configuration.storageDirectory = URL(fileURLWithPath: "/base")
        XCTAssertEqual(configuration.queueDirectory.deletingLastPathComponent().path, "/base")
        XCTAssertTrue(configuration.queueDirectory.lastPathComponent.hasPrefix("key-"))
        configuration.writeKey = "AbC123_x-y"
        XCTAssertEqual(configuration.queueDirectory.path, "/base/AbC123_x-y")
    }
}

/// Ids collected from several threads.
private final class LockedIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [UUID: Int] = [:]

    var counts: [UUID: Int] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    func add(_ ids: [UUID]) {
        lock.lock()
        for id in ids { storage[id, default: 0] += 1 }
        lock.unlock()
    }
}

#if canImport(Glibc)
private let resourceLimitFileSize = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
#else
private let resourceLimitFileSize = RLIMIT_FSIZE
#endif
