import XCTest
@testable import Tracking

/// Recovery on open (scenario 27): torn and corrupt tails are cut with a diagnostic and nothing before
/// them is lost; corrupt records are skipped; unreadable segments are quarantined and never stall the queue.
final class EventStoreRecoveryTests: XCTestCase {
    /// Five sealed events and three in a segment left open, as a killed process leaves them.
    private func killedStore(_ fixture: StoreFixture) throws -> [TrackingEvent] {
        let written = (0..<8).map { fixture.event($0) }
        var store: EventStore? = fixture.open()
        for event in written { try store?.append(event) }
        store = nil
        XCTAssertEqual(fixture.files(".seg").count, 1)
        XCTAssertEqual(fixture.files(".open").count, 1)
        return written
    }

    private func modify(_ file: URL, _ change: (inout [UInt8]) -> Void) throws {
        var bytes = [UInt8](try Data(contentsOf: file))
        change(&bytes)
        try Data(bytes).write(to: file)
    }

    func testAnOpenSegmentLeftByAKilledProcessIsSealedWithEveryEvent() throws {
        let fixture = StoreFixture()
        let written = try killedStore(fixture)
        let store = fixture.open()
        XCTAssertEqual(StoreFixture.allEvents(store), written)
        XCTAssertEqual(fixture.files(".open"), [])
        XCTAssertEqual(fixture.log.all, [])
        try store.append(fixture.event(9))
        store.sealOpenSegment()
        XCTAssertEqual(store.sealedSegments.map(\.sequence), [1, 2, 3], "new segments come after recovered ones")
    }

    func testATruncatedLastRecordIsCutOffAndEverythingBeforeItKept() throws {
        let fixture = StoreFixture()
        let written = try killedStore(fixture)
        let open = fixture.files(".open")[0]
        let fullSize = try Data(contentsOf: open).count
        try modify(open) { $0.removeLast(40) }

        let store = fixture.open()
        XCTAssertEqual(StoreFixture.allEvents(store), Array(written[0..<7]))
        XCTAssertEqual(fixture.log.codes, [.storeCorruptTail])
        XCTAssertTrue(fixture.log.all[0].message.contains("the 2 event(s) before it are kept"), fixture.log.all[0].message)
        let sealedSize = try Data(contentsOf: fixture.files(".seg")[1]).count
        XCTAssertLessThan(sealedSize, fullSize - 40, "the torn record is cut from the file")
        XCTAssertEqual(StoreFixture.allEvents(fixture.open()), Array(written[0..<7]))
        XCTAssertEqual(fixture.log.codes, [.storeCorruptTail], "cut once, not reported again")
    }

    func testAFlippedByteInsideARecordSkipsOnlyThatRecord() throws {
        let fixture = StoreFixture()
        let written = try killedStore(fixture)
        let sealed = fixture.files(".seg")[0]
        let store = fixture.open()
        let offsets = recordOffsets(try Data(contentsOf: sealed))
        XCTAssertEqual(offsets.count, 6, "a context record and five events")
        try modify(sealed) { $0[offsets[3] + 20] ^= 0x40 }

        let reopened = fixture.open()
        _ = store
        XCTAssertEqual(StoreFixture.allEvents(reopened), written.enumerated().filter { $0.offset != 2 }.map(\.element))
        XCTAssertEqual(fixture.log.codes, [.storeCorruptTail])
        XCTAssertTrue(fixture.log.all[0].message.contains("1 record(s) failed their checksum"), fixture.log.all[0].message)
    }

    func testGarbageAppendedToASegmentIsSkippedAndTheSegmentKept() throws {
        let fixture = StoreFixture()
        let written = try killedStore(fixture)
        var random = SystemRandomNumberGenerator()
        try modify(fixture.files(".seg")[0]) { bytes in
            bytes += (0..<77).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        XCTAssertEqual(StoreFixture.allEvents(fixture.open()), written)
        XCTAssertEqual(fixture.log.codes.first, .storeCorruptTail)
    }

    func testAZeroLengthSegmentIsQuarantinedAndTheQueueGoesOn() throws {
        let fixture = StoreFixture()
        let written = try killedStore(fixture)
        let empty = fixture.directory.appendingPathComponent(SegmentNaming.name(1, .seg))
        try modify(empty) { $0.removeAll() }

        let store = fixture.open()
        XCTAssertEqual(StoreFixture.allEvents(store), Array(written[5...]))
        XCTAssertEqual(fixture.log.codes, [.storeQuarantined])
        let quarantined = fixture.directory.appendingPathComponent("quarantine").appendingPathComponent(empty.lastPathComponent)
        XCTAssertTrue(FileManager.default.fileExists(atPath: quarantined.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: empty.path))
    }

    func testASegmentWithAForeignHeaderIsQuarantined() throws {
        let fixture = StoreFixture()
        let written = try killedStore(fixture)
        try modify(fixture.files(".seg")[0]) { $0[0] = 0x00 }
        XCTAssertEqual(StoreFixture.allEvents(fixture.open()), Array(written[5...]))
        XCTAssertEqual(fixture.log.codes, [.storeQuarantined])
        XCTAssertTrue(fixture.log.all[0].message.contains("has no valid segment header"))
    }

    func testAnOpenSegmentKilledBeforeItsHeaderIsRemovedSilently() throws {
        let fixture = StoreFixture()
        let written = try killedStore(fixture)
        try modify(fixture.files(".open")[0]) { $0.removeAll() }
        XCTAssertEqual(StoreFixture.allEvents(fixture.open()), Array(written[0..<5]))
        XCTAssertEqual(fixture.log.all, [])
        XCTAssertEqual(fixture.files(".open"), [])
    }

    /// The start offset of every framed record in a segment file.
    private func recordOffsets(_ data: Data) -> [Int] {
        let bytes = [UInt8](data)
        var offsets: [Int] = []
        var offset = RecordFormat.headerSize
        while offset + 8 <= bytes.count {
            offsets.append(offset)
            let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
            offset += 8 + length
        }
        return offsets
    }
}
