import Foundation
import LoopbackCollector
@testable import Tracking
import XCTest

/// Where consent is kept and how it is saved: once per app (not per write key or storage directory),
/// migrated from the per-write-key files of earlier versions (most restrictive wins), and failing closed
/// when a denial cannot be saved normally.
final class ConsentStorageTests: XCTestCase {
    func testADenialThatCannotReplaceTheFileIsStillWhatARelaunchReads() async throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        sink.consent = .granted
        // The replacement file cannot be created (a directory stands where it goes), as on a full disk.
        try FileManager.default.createDirectory(
            at: fixture.root.appendingPathComponent("consent.tmp"), withIntermediateDirectories: false
        )
        sink.consent = .denied
        XCTAssertEqual(sink.consent, .denied)
        XCTAssertEqual(fixture.diagnostics.codes, [.consentStorageFailed])
        let message = try XCTUnwrap(fixture.diagnostics.all.first?.message)
        XCTAssertFalse(message.contains(fixture.root.path) || message.contains(PipelineFixture.writeKey), message)

        let relaunched = fixture.sink()
        XCTAssertEqual(relaunched.consent, .denied, "a relaunch read the stale granted file")
        try fixture.store(0..<2, in: relaunched)
        _ = await relaunched.flushAndWait()
        XCTAssertEqual(fixture.collector.requests.count, 0)
    }

    func testRotatingTheWriteKeyOrMovingTheQueueKeepsADenial() async throws {
        let fixture = try PipelineFixture()
        var first = fixture.configuration()
        first.storageDirectory = fixture.root.appendingPathComponent("Delivery", isDirectory: true)
        fixture.sink(first).consent = .denied

        var rotated = first
        rotated.writeKey = "rotated_key"
        let afterRotation = fixture.sink(rotated)
        XCTAssertEqual(afterRotation.consent, .denied, "a new write key turned tracking back on")

        var moved = first
        moved.storageDirectory = fixture.root.appendingPathComponent("Elsewhere", isDirectory: true)
        let afterMove = fixture.sink(moved)
        XCTAssertEqual(afterMove.consent, .denied, "a new storage directory turned tracking back on")
        try fixture.store(0..<2, in: afterMove)
        _ = await afterMove.flushAndWait()
        XCTAssertEqual(fixture.collector.requests.count, 0)
        XCTAssertEqual(try String(contentsOf: fixture.root.appendingPathComponent("consent"), encoding: .utf8), "denied")
    }

    func testPerWriteKeyFilesOfEarlierVersionsAreMergedMostRestrictiveFirstThenRemoved() throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.storageDirectory = fixture.root.appendingPathComponent("Delivery", isDirectory: true)
        configuration.writeKey = "new_key"
        let granted = try legacyFile("old_key_1", "granted", in: configuration.storageDirectory)
        let denied = try legacyFile("old_key_2", "denied", in: configuration.storageDirectory)
        XCTAssertEqual(fixture.sink(configuration).consent, .denied)
        XCTAssertEqual(try String(contentsOf: fixture.root.appendingPathComponent("consent"), encoding: .utf8), "denied")
        XCTAssertFalse(FileManager.default.fileExists(atPath: granted.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: denied.path))

        // The app's file counts too: pending there and granted in an old file stays pending.
        try Data("pending".utf8).write(to: fixture.root.appendingPathComponent("consent"))
        _ = try legacyFile("old_key_1", "granted", in: configuration.storageDirectory)
        XCTAssertEqual(fixture.sink(configuration).consent, .pending)
        // A garbled old file counts as pending, never as the default.
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("consent"))
        _ = try legacyFile("old_key_1", "gran\u{0}", in: configuration.storageDirectory)
        XCTAssertEqual(fixture.sink(configuration).consent, .pending)
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }

    private func legacyFile(_ writeKey: String, _ text: String, in storage: URL) throws -> URL {
        let directory = storage.appendingPathComponent(writeKey, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("consent")
        try Data(text.utf8).write(to: file)
        return file
    }
}
