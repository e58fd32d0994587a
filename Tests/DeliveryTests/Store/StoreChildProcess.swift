import TestSupport
import XCTest
@testable import Tracking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process for the crash tests: this very test binary, re-executed with one test selected and an
/// environment variable that turns that test into a small app appending events through ``DeliverySink``.
///
/// Re-executing the test binary needs nothing but what `swift test` already built, from a fresh clone or in
/// CI. The child reports each event id in its report file with one `write(2)`, after `receive` returned.
enum StoreChildProcess {
    /// What the child does.
    enum Mode: String {
        /// Appends events until killed (bounded by count and time in case nobody kills it).
        case append
        /// Appends under a 48 KiB file-size limit with SIGXFSZ ignored, then exits.
        case diskFull = "disk-full"
    }

    static let modeVariable = "SIGHTLINE_STORE_CHILD"
    static let directoryVariable = "SIGHTLINE_STORE_DIRECTORY"
    static let reportVariable = "SIGHTLINE_STORE_REPORT"
    static let writeKey = "crash_test"
    static let segmentEventLimit = 40

    /// Starts a child in `mode` on the queue under `directory`, reporting into `report`.
    static func launch(_ mode: Mode, directory: URL, report: URL) throws -> Process {
        try TestBinaryChild.launch(
            "DeliveryTests.StoreChildProcessEntry/testChildProcessEntryPoint", entry: StoreChildProcessEntry.self,
            environment: [modeVariable: mode.rawValue, directoryVariable: directory.path, reportVariable: report.path]
        )
    }

    /// The lines of a child's report.
    static func reportLines(_ report: URL) -> [Substring] {
        TestBinaryChild.reportLines(report)
    }

    /// The ids a child reported as stored, in order.
    static func reportedIDs(_ report: URL) -> [UUID] {
        reportLines(report).compactMap { line in
            line.hasPrefix("id ") ? UUID(uuidString: String(line.dropFirst(3))) : nil
        }
    }

    /// The configuration both the child and the checking parent use.
    static func configuration(directory: URL, report: @escaping @Sendable (TrackingDiagnostic) -> Void) -> DeliveryConfiguration {
        var configuration = DeliveryConfiguration(writeKey: writeKey)
        configuration.endpoint = StoreFixture.closedLoopbackEndpoint
        configuration.flushAt = .max
        configuration.storageDirectory = directory
        configuration.consentDirectory = directory
        configuration.queueFileEventLimit = segmentEventLimit
        configuration.diagnosticHandler = report
        return configuration
    }

    // MARK: - In the child

    /// Runs the child and exits; never returns.
    @MainActor
    static func runChild(_ mode: Mode, environment: [String: String]) -> Never {
        let say = TestBinaryChild.reporter(path: environment[reportVariable]!)
        var configuration = configuration(directory: URL(fileURLWithPath: environment[directoryVariable]!)) { diagnostic in
            say("diag \(diagnostic.code)")
        }
        if mode == .diskFull {
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit(rlim_cur: 48 << 10, rlim_max: 48 << 10)
            #if os(Linux)
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
            #else
            setrlimit(RLIMIT_FSIZE, &limit)
            #endif
            configuration.queueFileEventLimit = 100_000
            configuration.queueFileByteLimit = 1 << 30
        }
        let sink = DeliverySink(configuration: configuration)
        say("ready")
        let deadline = Date().addingTimeInterval(mode == .append ? 30 : 20)
        let count = mode == .append ? 500_000 : 400
        for number in 0..<count where Date() < deadline {
            let event = TrackingEvent(
                timestamp: Date(), kind: .track, screen: nil, visibleRatio: 0,
                eventName: "crash_test_event", eventProperties: ["number": .int(number), "padding": .string(String(repeating: "x", count: 200))],
                identity: TrackingIdentity()
            )
            do {
                try sink.receive(event)
                say("id \(event.id.uuidString)")
            } catch {
                say("fail \(error)")
            }
        }
        say("done")
        exit(0)
    }
}

/// The child's entry point: skipped in a normal run, the whole child when launched by ``StoreChildProcess``.
final class StoreChildProcessEntry: XCTestCase {
    func testChildProcessEntryPoint() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let raw = environment[StoreChildProcess.modeVariable], let mode = StoreChildProcess.Mode(rawValue: raw) else {
            throw XCTSkip("the crash tests' child process; runs only when they launch it")
        }
        MainActor.assumeIsolated {
            StoreChildProcess.runChild(mode, environment: environment)
        }
    }
}
