import Foundation
@testable import Tracking
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child app for the kill test: this test binary re-executed with one test selected and environment
/// variables that turn that test into an app that stores events through a ``DeliverySink`` and uploads them
/// to the parent's collector, until the parent kills it (as ``StoreChildProcess`` does for the store).
enum UploadChildProcess {
    static let directoryVariable = "SIGHTLINE_UPLOAD_CHILD_DIRECTORY"
    static let portVariable = "SIGHTLINE_UPLOAD_CHILD_PORT"
    static let reportVariable = "SIGHTLINE_UPLOAD_CHILD_REPORT"
    static let destinationVariable = "SIGHTLINE_UPLOAD_CHILD_DESTINATION"
    static let eventCount = 10
    static let batchCount = 4

    /// Starts a child storing into `directory` and uploading to 127.0.0.1:`port` in `destination`'s format,
    /// reporting into `report`.
    static func launch(directory: URL, port: UInt16, report: URL, destination: DeliveryDestination = .segment) throws -> Process {
        try TestBinaryChild.launch(
            "DeliveryTests.UploadChildProcessEntry/testChildProcessEntryPoint", entry: UploadChildProcessEntry.self,
            environment: [directoryVariable: directory.path, portVariable: String(port), reportVariable: report.path,
                          destinationVariable: destination.name]
        )
    }

    /// The configuration both the child and the parent that takes over use: batches of four, fast retries.
    static func configuration(directory: URL, port: UInt16, destination: DeliveryDestination = .segment,
                              report: @escaping @Sendable (TrackingDiagnostic) -> Void) -> DeliveryConfiguration {
        var configuration = DeliveryConfiguration(writeKey: "kill_test")
        configuration.destination = destination
        configuration.storageDirectory = directory
        configuration.consentDirectory = directory
        configuration.endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: Int(port), path: destination.defaultEndpoint.path)
        configuration.flushAt = .max
        configuration.flushInterval = 3600
        configuration.requestTimeout = 120
        configuration.wireLimits.maximumMessageCount = batchCount
        configuration.uploadBackoff = UploadBackoffPolicy(base: 0.02, cap: 0.1, jitter: 0)
        configuration.diagnosticHandler = report
        return configuration
    }

    /// The ids a child reported as stored, lowercased as on the wire.
    static func reportedIds(_ report: URL) -> [String] {
        TestBinaryChild.reportLines(report).compactMap { line in
            line.hasPrefix("id ") ? String(line.dropFirst(3)) : nil
        }
    }

    // MARK: - In the child

    /// Stores the events, starts the upload and waits to be killed (at most 30 s); never returns.
    static func runChild(environment: [String: String]) -> Never {
        let say = TestBinaryChild.reporter(path: environment[reportVariable]!)
        let configuration = configuration(
            directory: URL(fileURLWithPath: environment[directoryVariable]!), port: UInt16(environment[portVariable]!)!,
            destination: environment[destinationVariable].flatMap(DeliveryDestination.init(name:)) ?? .segment
        ) { say("diag \($0.code)") }
        let sink = DeliverySink(configuration: configuration, notificationCenter: NotificationCenter())
        for number in 0..<eventCount {
            let event = TrackingEvent(
                timestamp: Date(), kind: .track, screen: nil, visibleRatio: 0, eventName: "Kill Test",
                eventProperties: ["number": .int(number)], identity: TrackingIdentity()
            )
            do {
                try sink.receive(event)
                say("id \(event.id.uuidString.lowercased())")
            } catch {
                say("fail \(error)")
            }
        }
        sink.flush()
        say("flushing")
        // Killed long before: the parent waits at most a minute for the two requests.
        Thread.sleep(forTimeInterval: 120)
        exit(0)
    }
}

/// The child's entry point: skipped in a normal run, the whole child when launched by ``UploadChildProcess``.
final class UploadChildProcessEntry: XCTestCase {
    func testChildProcessEntryPoint() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment[UploadChildProcess.directoryVariable] != nil else {
            throw XCTSkip("the upload kill test's child process; runs only when that test launches it")
        }
        UploadChildProcess.runChild(environment: environment)
    }
}
