import TestSupport
import XCTest
@testable import Tracking

/// The store's diagnostics name what went wrong by code, sequence number, counts and errno, never by path
/// (a queue directory is named after the write key) and never with record contents.
final class EventStoreDiagnosticPrivacyTests: XCTestCase {
    func testNoStoreDiagnosticCarriesAPathOrRecordContents() throws {
        let fixture = StoreFixture()
        let directory = fixture.root.appendingPathComponent("wk_SECRET_write_key", isDirectory: true)
        let manager = FileManager.default
        var store: EventStore? = fixture.open(at: directory)
        for number in 0..<8 { try store?.append(fixture.event(number)) }
        store = nil
        let segment = directory.appendingPathComponent(SegmentNaming.name(1, .seg))
        let bytes = try Data(contentsOf: segment)
        try bytes.dropLast(3).write(to: segment)
        XCTAssertTrue(manager.createFile(atPath: directory.appendingPathComponent(SegmentNaming.name(5, .seg)).path, contents: nil))
        try manager.createSymbolicLink(
            atPath: directory.appendingPathComponent(SegmentNaming.name(2, .ack)).path,
            withDestinationPath: fixture.root.appendingPathComponent("elsewhere").path
        )
        XCTAssertTrue(manager.createFile(atPath: directory.appendingPathComponent("\(UInt64.max).seg").path, contents: nil))

        let reopened = fixture.open(at: directory)
        try reopened.append(fixture.event(8))
        try manager.removeItem(at: directory)
        XCTAssertTrue(manager.createFile(atPath: directory.path, contents: nil), "the directory's name now holds a file")
        XCTAssertThrowsError(try reopened.append(fixture.event(9)))

        XCTAssertEqual(Set(fixture.log.codes), [.storeCorruptTail, .storeQuarantined, .storeUnavailable, .storeWriteFailed])
        for diagnostic in fixture.log.all {
            XCTAssertFalse(diagnostic.message.contains("SECRET"), diagnostic.message)
            XCTAssertFalse(diagnostic.message.contains("/"), diagnostic.message)
            XCTAssertFalse(diagnostic.message.contains("feed_cell") || diagnostic.message.contains("user-"), diagnostic.message)
        }
    }
}
