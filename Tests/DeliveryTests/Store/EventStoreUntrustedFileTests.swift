#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TestSupport
import XCTest
@testable import Tracking

/// Files in a storage directory are untrusted: symbolic links are never followed, FIFOs never block,
/// oversized files are never read, and an impossible sequence number never traps. Each case ends with a
/// diagnostic and the rest of the queue intact.
final class EventStoreUntrustedFileTests: XCTestCase {
    /// One sealed segment (sequence 1) of five events, written by a store that is then closed.
    private func sealedSegment(_ fixture: StoreFixture) throws -> [TrackingEvent] {
        let written = (0..<5).map { fixture.event($0) }
        let store = fixture.open()
        for event in written { try store.append(event) }
        XCTAssertEqual(store.sealedSegments.map(\.sequence), [1])
        return written
    }

    private func outside(_ fixture: StoreFixture, _ name: String) -> URL {
        fixture.root.appendingPathComponent(name)
    }

    func testASymbolicLinkPlantedAsAnAcknowledgementFileIsSetAsideAndItsTargetNeverWritten() throws {
        let fixture = StoreFixture()
        let written = try sealedSegment(fixture)
        let victim = outside(fixture, "victim")
        try Data("precious".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.directory.appendingPathComponent(SegmentNaming.name(1, .ack)).path, withDestinationPath: victim.path
        )

        let store = fixture.open()
        let segment = try XCTUnwrap(store.sealedSegments.first)
        XCTAssertEqual(store.events(in: segment), written)
        XCTAssertTrue(store.acknowledge(written.map(\.id), in: segment))

        XCTAssertEqual(try Data(contentsOf: victim), Data("precious".utf8))
        XCTAssertEqual(store.sealedSegments, [], "the segment, now acknowledged in a real sidecar, is deleted")
        XCTAssertEqual(fixture.log.codes, [.storeQuarantined])
    }

    func testASymbolicLinkPlantedAsASegmentIsNotFollowed() throws {
        let fixture = StoreFixture()
        _ = try sealedSegment(fixture)
        let foreign = outside(fixture, "foreign.seg")
        try FileManager.default.moveItem(at: fixture.files(".seg")[0], to: foreign)
        let planted = fixture.directory.appendingPathComponent(SegmentNaming.name(7, .seg))
        try FileManager.default.createSymbolicLink(atPath: planted.path, withDestinationPath: foreign.path)
        let foreignBytes = try Data(contentsOf: foreign)

        let store = fixture.open()
        XCTAssertEqual(store.sealedSegments, [])
        XCTAssertEqual(fixture.log.codes, [.storeQuarantined])
        XCTAssertTrue(fixture.log.all.first?.message.contains("ELOOP") == true, "\(fixture.log.all)")
        XCTAssertEqual(try Data(contentsOf: foreign), foreignBytes)
    }

    func testAQuarantineSymbolicLinkDoesNotCarryFilesOutOfTheDirectory() throws {
        let fixture = StoreFixture()
        let written = try sealedSegment(fixture)
        let elsewhere = outside(fixture, "elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.directory.appendingPathComponent("quarantine").path, withDestinationPath: elsewhere.path
        )
        let empty = SegmentNaming.name(2, .seg)
        XCTAssertTrue(FileManager.default.createFile(atPath: fixture.directory.appendingPathComponent(empty).path, contents: nil))

        let store = fixture.open()
        XCTAssertEqual(StoreFixture.allEvents(store), written)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
        let quarantine = fixture.directory.appendingPathComponent("quarantine")
        XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: quarantine.path), "quarantine is a real directory")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: quarantine.path), [empty])
    }

    func testASegmentOverTheByteCapIsSetAsideUnread() throws {
        let fixture = StoreFixture()
        let written = try sealedSegment(fixture)
        let huge = fixture.directory.appendingPathComponent(SegmentNaming.name(9, .seg))
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        var limits = StoreFixture.smallLimits
        limits.storedByteCount = 1 << 20

        let store = fixture.open(limits)
        XCTAssertEqual(StoreFixture.allEvents(store), written)
        XCTAssertEqual(fixture.log.codes, [.storeQuarantined, .storeCapExceeded])
        XCTAssertTrue(fixture.log.all.first?.message.contains("1073741824 bytes is over the size cap") == true, "\(fixture.log.all)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: huge.path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.appendingPathComponent("quarantine").path), [],
                       "a file over the byte cap does not stay in quarantine either")
    }

    func testFilesNamedWithTheLargestSequenceAreSetAsideAndNumberingGoesOn() throws {
        let fixture = StoreFixture()
        let written = try sealedSegment(fixture)
        for kind in [SegmentNaming.Kind.ack, .seg] {
            let name = "\(UInt64.max).\(kind.rawValue)"
            XCTAssertTrue(FileManager.default.createFile(atPath: fixture.directory.appendingPathComponent(name).path, contents: Data([1])))
        }

        let store = fixture.open()
        XCTAssertEqual(fixture.log.codes, [.storeQuarantined, .storeQuarantined])
        XCTAssertTrue(fixture.log.all.allSatisfy { $0.message.contains("beyond the counter's range") })
        XCTAssertEqual(StoreFixture.allEvents(store), written)
        try store.append(fixture.event(5))
        store.sealOpenSegment()
        XCTAssertEqual(store.sealedSegments.map(\.sequence), [1, 2])
    }

    func testAFIFONamedLikeASegmentDoesNotBlockOpening() throws {
        let fixture = StoreFixture()
        let configuration = fixture.sinkConfiguration(writeKey: "fifo_key")
        let fifo = configuration.queueDirectory.appendingPathComponent(SegmentNaming.name(3, .seg)).path
        try makeFIFO(fifo)
        defer { releaseReader(of: fifo) }

        XCTAssertNotNil(openSinkInBackground(configuration), "opening the DeliverySink blocked on a FIFO")
        XCTAssertEqual(fixture.log.codes, [.storeQuarantined])
        XCTAssertTrue(fixture.log.all.first?.message.contains("not a regular file") == true, "\(fixture.log.all)")
    }

    func testAFIFONamedConsentDoesNotBlockOpeningAndConsentIsPending() throws {
        let fixture = StoreFixture()
        let configuration = fixture.sinkConfiguration(writeKey: "fifo_key")
        let fifo = configuration.consentDirectory.appendingPathComponent("consent").path
        try makeFIFO(fifo)
        defer { releaseReader(of: fifo) }

        let sink = openSinkInBackground(configuration)
        XCTAssertNotNil(sink, "opening the DeliverySink blocked on a FIFO")
        XCTAssertEqual(sink?.consent, .pending)
        XCTAssertEqual(fixture.log.codes, [.consentStorageFailed])
    }

    // MARK: - Helpers

    private func makeFIFO(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        XCTAssertEqual(mkfifo(path, 0o600), 0)
    }

    /// Opens the FIFO for writing without blocking, which wakes a reader that old code left blocked in
    /// `open`, so that a failing run still ends.
    private func releaseReader(of fifo: String) {
        let fd = open(fifo, O_WRONLY | O_NONBLOCK)
        if fd >= 0 { close(fd) }
    }

    /// Creates a sink on another thread and waits for it with a bound only a real hang reaches.
    private func openSinkInBackground(_ configuration: DeliveryConfiguration) -> DeliverySink? {
        let opened = OpenedSink()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let sink = DeliverySink(configuration: configuration)
            // Creating the sink touches no file: opening is what could block.
            sink.open()
            opened.set(sink)
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success else { return nil }
        return opened.value
    }
}

/// The sink a background thread opened, handed to the waiting test.
private final class OpenedSink: @unchecked Sendable {
    private let lock = NSLock()
    private var sink: DeliverySink?

    var value: DeliverySink? {
        lock.withLock { sink }
    }

    func set(_ sink: DeliverySink) {
        lock.withLock { self.sink = sink }
    }
}
