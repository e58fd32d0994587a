import Foundation
#if canImport(os)
import os
#endif

/// Where the Behaviours module reports misuse. It never crashes a release build over it.
@MainActor
enum BehavioursDiagnostics {
    /// A reported problem.
    struct Report: Equatable {
        let message: String
        /// Whether debug builds stop at an assertion for it (a programming error worth stopping for).
        let isAssertion: Bool
    }

    /// Receives every report. The default logs it (unified logging on Apple platforms, subsystem
    /// `Sightline`, category `Behaviours`; standard error elsewhere) and, for assertions, calls
    /// `assertionFailure` (a no-op in release builds). Tests replace it to observe reports.
    static var handler: (Report) -> Void = { report in
        log(report)
        if report.isAssertion {
            Swift.assertionFailure(report.message)
        }
    }

    /// Reports misuse that is survivable and worth a log line.
    static func report(_ message: String) {
        handler(Report(message: message, isAssertion: false))
    }

    /// Reports a programming error: debug builds stop, release builds log and carry on.
    static func assertionFailure(_ message: String) {
        handler(Report(message: message, isAssertion: true))
    }

    // MARK: - Private

    #if canImport(os)
    /// Standard error does not reach Console.app or a device's log; unified logging does.
    private nonisolated static let logger = Logger(subsystem: "Sightline", category: "Behaviours")
    #endif

    private nonisolated static func log(_ report: Report) {
        #if canImport(os)
        // Messages name types and methods only, so they are public: redacted, they would say nothing.
        if report.isAssertion {
            logger.fault("\(report.message, privacy: .public)")
        } else {
            logger.error("\(report.message, privacy: .public)")
        }
        #else
        FileHandle.standardError.write(Data("[Behaviours] \(report.message)\n".utf8))
        #endif
    }
}
