import TestSupport
import XCTest
@testable import Tracking

/// Sightline's storage is private on disk: directories 0700, files 0600, over the whole tree at every
/// launch, files left by older versions included.
final class StorageProtectionTests: XCTestCase {
    private func mode(_ url: URL) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    func testANewIdentityFileIsOwnerOnly() throws {
        let fixture = StoreFixture()
        let directory = fixture.root.appendingPathComponent("Sightline")
        let handler = fixture.log.handler
        MainActor.assumeIsolated {
            _ = IdentityStore(directory: directory, report: handler).identity // the first use reads, creates and protects
        }
        XCTAssertEqual(try mode(directory.appendingPathComponent("identity.json")), 0o600)
        XCTAssertEqual(try mode(directory), 0o700)
        XCTAssertEqual(fixture.log.all, [])
    }

    func testEveryLaunchMakesTheWholeTreePrivateAndLeavesSymbolicLinksAlone() throws {
        let fixture = StoreFixture()
        let sightline = fixture.root.appendingPathComponent("Sightline")
        let delivery = sightline.appendingPathComponent("Delivery")
        let queue = delivery.appendingPathComponent("tree_key")
        let manager = FileManager.default
        try manager.createDirectory(at: queue.appendingPathComponent("pending"), withIntermediateDirectories: true,
                                    attributes: [.posixPermissions: 0o755])
        let identity = sightline.appendingPathComponent("identity.json")
        let stray = queue.appendingPathComponent("notes.txt")
        for file in [identity, stray] {
            XCTAssertTrue(manager.createFile(atPath: file.path, contents: Data("{}".utf8), attributes: [.posixPermissions: 0o644]))
        }
        let outside = fixture.root.appendingPathComponent("outside.txt")
        XCTAssertTrue(manager.createFile(atPath: outside.path, contents: nil, attributes: [.posixPermissions: 0o644]))
        try manager.createSymbolicLink(at: queue.appendingPathComponent("link"), withDestinationURL: outside)
        for directory in [sightline, delivery, queue] {
            try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        }

        var configuration = fixture.sinkConfiguration(writeKey: "tree_key", storageDirectory: delivery)
        configuration.consentDirectory = sightline
        _ = DeliverySink(configuration: configuration).statistics
        let handler = fixture.log.handler
        MainActor.assumeIsolated {
            _ = IdentityStore(directory: sightline, report: handler).identity
        }

        for directory in [sightline, delivery, queue, queue.appendingPathComponent("pending")] {
            XCTAssertEqual(try mode(directory), 0o700, directory.lastPathComponent)
        }
        XCTAssertEqual(try mode(identity), 0o600)
        XCTAssertEqual(try mode(stray), 0o600)
        XCTAssertEqual(try mode(outside), 0o644, "a symbolic link's target is not touched")
        XCTAssertEqual(fixture.log.codes, [.identityStorageFailed], "the planted identity is not an identity")
    }
}
