#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

/// Lasting conditions are reported once and counted, not once per event or attempt: a storage directory
/// that is a file, and a collector host that refuses every connection (a wrong endpoint). Each is reported
/// again, with the count, after an hour of quiet on the injected clock.
final class LastingConditionTests: HeadlessTestCase {
    func testAStorageDirectoryThatIsAFileReportsEachConditionOnceAndCountsTheFailingEvents() throws {
        let root = TemporaryDirectory.url("LastingCondition")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("storage")
        try Data("not a directory".utf8).write(to: file)
        let log = DiagnosticLog()
        let clock = ManualTrackingClock()
        MainActor.assumeIsolated {
            var configuration = TrackingConfiguration()
            configuration.storageDirectory = file
            configuration.diagnosticHandler = log.handler
            configuration.clock = clock
            configuration.tracksApplicationLifecycleEvents = false
            let tracker = Tracker(writeKey: "lasting_key", configuration: configuration)
            for index in 0..<5 {
                tracker.track("Tapped", properties: ["index": .int(index)])
            }
            XCTAssertTrue(tracker.mailbox.waitUntilDelivered())
            PendingFileWrites.wait()

            let counts = Dictionary(log.codes.map { ($0, 1) }, uniquingKeysWith: +)
            XCTAssertEqual(counts[.storeUnavailable], 1, "\(log.all)")
            XCTAssertEqual(counts[.consentStorageFailed], 1, "\(log.all)")
            XCTAssertEqual(counts[.sinkFailed], 1, "one for five events: \(log.all)")
            // Reading and saving each file are two conditions; nothing is reported twice.
            XCTAssertEqual(Set(log.all).count, log.all.count, "\(log.all)")
            XCTAssertEqual(counts[.identityStorageFailed], 2)

            // An hour later the sink is still failing: reported again, with the count of what was left out.
            let before = log.all.count
            clock.advance(by: 3_601)
            tracker.track("Tapped", properties: ["index": 5])
            XCTAssertTrue(tracker.mailbox.waitUntilDelivered())
            let again = log.all.dropFirst(before).filter { $0.code == .sinkFailed }
            XCTAssertEqual(again.map(\.message), [
                "DeliverySink threw mkdir failed: ENOTDIR (errno 20) receiving an event of kind track; the other sinks received it "
                    + "(again; 4 more time(s) since it was last reported)",
            ])
            for diagnostic in log.all {
                XCTAssertFalse(diagnostic.message.contains(root.path), diagnostic.message)
            }
        }
    }

    func testAHostThatRefusesConnectionsIsReportedOnceWithTheErrorKindAndAgainAfterAnHour() async throws {
        let fixture = try PipelineFixture()
        let refused = try RefusingPort()
        let sink = fixture.sink(fixture.configuration(port: refused.port))
        let ids = try fixture.store(0..<3, in: sink)

        let first = await sink.flushAndWait()
        XCTAssertEqual(first.requests, 1)
        XCTAssertEqual(first.delivered, 0)
        XCTAssertEqual(first.kept, 3)
        // The scheduled retries go on (every 20 to 100 ms): many attempts, one diagnostic.
        XCTAssertTrue(eventually { fixture.uploads.reports.count >= 6 }, "the uploader stopped retrying")
        XCTAssertEqual(fixture.diagnostics.codes, [.uploadFailed])
        let message = try XCTUnwrap(fixture.diagnostics.all.first?.message)
        XCTAssertEqual(message, "uploads keep failing: the endpoint's host refuses connections (cannotConnectToHost); "
            + "events are kept and retried (check the endpoint)")
        XCTAssertFalse(message.contains("127.0.0.1") || message.contains(String(refused.port)), message)

        fixture.clock.advance(by: 3_601)
        XCTAssertTrue(eventually { fixture.diagnostics.codes.count == 2 }, "not reported again after an hour")
        let again = try XCTUnwrap(fixture.diagnostics.all.last?.message)
        XCTAssertTrue(again.hasPrefix(message + " (again; "), again)
        XCTAssertEqual(fixture.diagnostics.codes, [.uploadFailed, .uploadFailed])
        XCTAssertEqual(sink.statistics.queued, 3)
        XCTAssertEqual(fixture.collector.requests.count, 0)
        XCTAssertEqual(ids.count, 3)
    }
}

/// A TCP port on 127.0.0.1 bound but not listening: every connection to it is refused, and no other test
/// can take it while this lives.
private final class RefusingPort {
    let port: UInt16
    private let descriptor: Int32

    init() throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(descriptor)
    }
}
