import TestSupport
import XCTest
@testable import Tracking

/// `quarantine/` may hold personal data: it is capped by count and bytes, expires with the store's age cap,
/// and is emptied whenever the store purges (a consent denial).
final class EventStoreQuarantineTests: XCTestCase {
    /// Empty (so unreadable) segments `1...count`, which opening the store sets aside.
    private func plantEmptySegments(_ count: Int, in directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for sequence in 1...count {
            let path = directory.appendingPathComponent(SegmentNaming.name(UInt64(sequence), .seg)).path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        }
    }

    private func quarantined(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("quarantine").path)) ?? []).sorted()
    }

    func testQuarantineKeepsTheNewestSixteenFiles() throws {
        let fixture = StoreFixture()
        try plantEmptySegments(20, in: fixture.directory)

        _ = fixture.open()
        XCTAssertEqual(quarantined(fixture.directory), (5...20).map { SegmentNaming.name(UInt64($0), .seg) })
        XCTAssertEqual(fixture.log.codes.filter { $0 == .storeQuarantined }.count, 20)
        XCTAssertTrue(fixture.log.codes.contains(.storeCapExceeded))
    }

    func testQuarantineKeepsNoMoreBytesThanTheStore() throws {
        let fixture = StoreFixture()
        try FileManager.default.createDirectory(at: fixture.directory, withIntermediateDirectories: true)
        for sequence in 1...3 {
            let path = fixture.directory.appendingPathComponent(SegmentNaming.name(UInt64(sequence), .seg)).path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0xAB, count: 400)))
        }
        var limits = StoreFixture.smallLimits
        limits.storedByteCount = 1000

        _ = fixture.open(limits)
        XCTAssertEqual(quarantined(fixture.directory), [SegmentNaming.name(2, .seg), SegmentNaming.name(3, .seg)])
    }

    func testQuarantinedFilesExpireWithTheAgeCap() throws {
        let fixture = StoreFixture()
        try plantEmptySegments(1, in: fixture.directory)
        _ = fixture.open()
        XCTAssertEqual(quarantined(fixture.directory), [SegmentNaming.name(1, .seg)])

        fixture.clock.advance(by: StoreFixture.smallLimits.eventAge - 1)
        _ = fixture.open()
        XCTAssertEqual(quarantined(fixture.directory), [SegmentNaming.name(1, .seg)], "not yet over the age cap")
        fixture.clock.advance(by: 2)
        _ = fixture.open()
        XCTAssertEqual(quarantined(fixture.directory), [])
        XCTAssertEqual(fixture.log.codes, [.storeQuarantined, .storeCapExceeded])
    }

    func testDenyingConsentEmptiesTheQuarantineOfTheQueueAndOfThePendingArea() throws {
        let fixture = StoreFixture()
        let configuration = fixture.sinkConfiguration(writeKey: "quarantine_key")
        let queue = configuration.queueDirectory
        let pending = queue.appendingPathComponent("pending")
        try plantEmptySegments(2, in: queue)
        try plantEmptySegments(1, in: pending)

        let sink = DeliverySink(configuration: configuration)
        XCTAssertEqual(sink.statistics.queued, 0, "opened: the empty segments are quarantined")
        XCTAssertEqual(quarantined(queue).count, 2)
        XCTAssertEqual(quarantined(pending).count, 1)
        sink.consent = .denied
        XCTAssertEqual(quarantined(queue), [])
        XCTAssertEqual(quarantined(pending), [])
    }
}
