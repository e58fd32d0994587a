import XCTest
@testable import Tracking
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scenario 27 with real processes: a child appending through ``DeliverySink`` is killed with SIGKILL at
/// random instants, hundreds of times, and every id it reported is then in the store exactly once; a child
/// under a file-size limit gets diagnostics, not a crash, and loses nothing it reported.
final class EventStoreCrashTests: XCTestCase {
    func testEveryReportedEventSurvivesHundredsOfKillsExactlyOnce() throws {
        let fixture = StoreFixture()
        let minimumKills = 200
        // A bound only a hang reaches: a busy machine launches children slower, and that must not end the
        // test before its kills.
        let deadline = Date().addingTimeInterval(900)
        var kills = 0
        var recoveryKills = 0
        var reportedTotal = 0
        var expected = Set<UUID>()
        var acknowledged = Set<UUID>()
        var readyLatency: UInt32 = 0
        var random = SystemRandomNumberGenerator()
        try FileManager.default.createDirectory(at: fixture.root, withIntermediateDirectories: true)
        while kills < minimumKills, Date() < deadline {
            // A child killed while appending.
            let report = fixture.root.appendingPathComponent("report-\(kills).txt")
            let launched = Date()
            let child = try StoreChildProcess.launch(.append, directory: fixture.root, report: report)
            let readyBy = Date().addingTimeInterval(60)
            while !StoreChildProcess.reportLines(report).contains("ready"), child.isRunning, Date() < readyBy {
                usleep(200)
            }
            XCTAssertTrue(StoreChildProcess.reportLines(report).contains("ready"), "the child did not start")
            readyLatency = UInt32(Date().timeIntervalSince(launched) * 1_000_000)
            // Two appends reported before the random instant, however slowly the child runs: the kills land
            // among appends, and the children append more than they are killed (checked below).
            while StoreChildProcess.reportedIDs(report).count < 2, child.isRunning, Date() < readyBy {
                usleep(200)
            }
            usleep(UInt32.random(in: 0...6_000, using: &random))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationReason, .uncaughtSignal, "the child must still be running when killed")
            kills += 1
            let reported = StoreChildProcess.reportedIDs(report)
            reportedTotal += reported.count
            expected.formUnion(reported)

            // Every third round, a second child killed at a random instant of its start-up, which is when it
            // recovers (seals the first child's open segment, cuts its torn tail).
            if kills % 3 == 0 {
                let second = try StoreChildProcess.launch(.append, directory: fixture.root, report: report)
                usleep(UInt32.random(in: 0...readyLatency, using: &random))
                kill(second.processIdentifier, SIGKILL)
                second.waitUntilExit()
                kills += 1
                recoveryKills += 1
                let all = StoreChildProcess.reportedIDs(report)
                reportedTotal += all.count - reported.count
                expected.formUnion(all)
            }

            let log = DiagnosticLog()
            // The sink is kept while its store is used: a released sink's store acknowledges nothing.
            let sink = DeliverySink(configuration: StoreChildProcess.configuration(directory: fixture.root, report: log.handler))
            let store = sink.store
            defer { withExtendedLifetime(sink) {} }
            XCTAssertFalse(log.codes.contains(.storeQuarantined), "kill \(kills): \(log.all)")
            XCTAssertFalse(log.codes.contains(.storeUnavailable), "kill \(kills): \(log.all)")
            var counts: [UUID: Int] = [:]
            var bySegment: [(SealedSegment, [UUID])] = []
            for segment in store.sealedSegments {
                let ids = store.events(in: segment).map(\.id)
                for id in ids { counts[id, default: 0] += 1 }
                bySegment.append((segment, ids))
            }
            let missing = expected.filter { counts[$0] == nil }
            let duplicated = counts.filter { $0.value > 1 }
            let resurrected = counts.keys.filter(acknowledged.contains)
            XCTAssertEqual(missing.count, 0, "kill \(kills): \(missing.count) of \(expected.count) reported ids missing")
            XCTAssertEqual(duplicated.count, 0, "kill \(kills): ids stored twice")
            XCTAssertEqual(resurrected.count, 0, "kill \(kills): acknowledged ids came back")
            XCTAssertLessThanOrEqual(counts.count - expected.count, 2 * kills, "at most the event in flight per kill")
            // Half the time an uploader delivers everything; otherwise the queue grows into the next round.
            if Bool.random(using: &random) {
                for (segment, ids) in bySegment { store.acknowledge(ids, in: segment) }
                XCTAssertEqual(store.sealedSegments, [], "every segment acknowledged and deleted")
                acknowledged.formUnion(counts.keys)
                expected.removeAll()
            }
            if !missing.isEmpty || !duplicated.isEmpty || !resurrected.isEmpty { break }
        }
        XCTAssertGreaterThanOrEqual(kills, minimumKills, "only \(kills) kills before the time bound")
        XCTAssertGreaterThan(reportedTotal, kills, "the children appended between kills")
        print("EventStoreCrashTests: \(kills) kills (\(recoveryKills) during start-up), \(reportedTotal) reported ids, none lost")
    }

    func testAFileSizeLimitIsADiagnosticNotACrashAndLosesNothingReported() throws {
        let fixture = StoreFixture()
        let report = fixture.root.appendingPathComponent("report.txt")
        try FileManager.default.createDirectory(at: fixture.root, withIntermediateDirectories: true)
        let child = try StoreChildProcess.launch(.diskFull, directory: fixture.root, report: report)
        let deadline = Date().addingTimeInterval(60)
        while child.isRunning, Date() < deadline { usleep(2_000) }
        if child.isRunning { kill(child.processIdentifier, SIGKILL) }
        child.waitUntilExit()
        XCTAssertEqual(child.terminationReason, .exit)
        XCTAssertEqual(child.terminationStatus, 0)

        let lines = StoreChildProcess.reportLines(report)
        let reported = StoreChildProcess.reportedIDs(report)
        let failures = lines.filter { $0.hasPrefix("fail ") }
        XCTAssertGreaterThan(reported.count, 50)
        XCTAssertGreaterThan(failures.count, 50)
        let firstFailure = try XCTUnwrap(failures.first)
        XCTAssertTrue(firstFailure.contains("EFBIG"), String(firstFailure))
        XCTAssertEqual(lines.filter { $0 == "diag store_write_failed" }.count, 1, "one diagnostic for the failure streak")
        XCTAssertEqual(lines.last, "done")

        let log = DiagnosticLog()
        let store = DeliverySink(configuration: StoreChildProcess.configuration(directory: fixture.root, report: log.handler)).store
        XCTAssertEqual(log.all, [], "no torn record was left behind")
        XCTAssertEqual(StoreFixture.allEvents(store).map(\.id), reported)
    }
}
