import Foundation

/// Where the Behaviours module reports misuse. It never crashes a release build over it.
@MainActor
enum BehavioursDiagnostics {
    /// A reported problem.
    struct Report: Equatable {
        let message: String
        /// Whether debug builds stop at an assertion for it (a programming error worth stopping for).
        let isAssertion: Bool
    }

    /// Receives every report. The default writes to standard error and, for assertions, calls
    /// `assertionFailure` (a no-op in release builds). Tests replace it to observe reports.
    static var handler: (Report) -> Void = { report in
        FileHandle.standardError.write(Data("[Behaviours] \(report.message)\n".utf8))
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
}
