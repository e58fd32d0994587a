import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This very test binary, re-executed as a child process with one test selected and extra environment
/// variables that turn that test into a small app (the crash and kill tests).
///
/// It needs nothing but what `swift test` already built, from a fresh clone or in CI. Children report by
/// appending lines to a report file; ``reportLines(_:)`` reads them back.
public enum TestBinaryChild {
    /// Starts the child.
    /// - Parameters:
    ///   - test: The test to run in the child, as `Target.Class/testMethod`.
    ///   - entry: The class of that test (on Apple platforms the bundle is found through it).
    ///   - environment: Added to this process's environment.
    /// - Returns: The running child; its output goes nowhere.
    public static func launch(_ test: String, entry: AnyClass, environment: [String: String]) throws -> Process {
        let process = Process()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        #if os(Linux)
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = [test]
        #else
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["-XCTest", test, Bundle(for: entry).bundlePath]
        #endif
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A writer of report lines for a child, from any thread.
    ///
    /// Each line goes to the file in one `write` to a descriptor opened with `O_APPEND`, so it is on disk
    /// (in the kernel) as soon as the call returns and survives the child being killed a moment later.
    ///
    /// ```swift
    /// let say = TestBinaryChild.reporter(path: environment["REPORT"]!)
    /// say("id \(event.id)")
    /// ```
    /// - Parameters:
    ///   - path: The report file, created if missing.
    /// - Returns: A function appending its argument and a newline to the file.
    public static func reporter(path: String) -> @Sendable (String) -> Void {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
        return { line in
            var text = line + "\n"
            text.withUTF8 { _ = write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    /// The lines of a child's report file (none when it does not exist yet).
    public static func reportLines(_ report: URL) -> [Substring] {
        guard let data = FileManager.default.contents(atPath: report.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
    }
}
