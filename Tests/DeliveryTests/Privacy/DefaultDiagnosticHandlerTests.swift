#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Tracking
import XCTest

/// Where ``TrackingDiagnostic/logToSystem`` writes without the unified log: standard error, one line with
/// the code.
final class DefaultDiagnosticHandlerTests: XCTestCase {
    func testTheDefaultHandlerWritesTheCodeAndMessageToStandardErrorWithoutUnifiedLogging() throws {
        #if canImport(os)
        throw XCTSkip("the unified log is used on Apple platforms")
        #else
        let diagnostic = TrackingDiagnostic(code: .storeWriteFailed, message: "could not store an event (open: No space left on device (errno 28))")
        let written = try Self.standardError { TrackingDiagnostic.logToSystem(diagnostic) }
        XCTAssertEqual(written, "[Tracking] store_write_failed: could not store an event (open: No space left on device (errno 28))\n")
        #endif
    }

    // MARK: - Helpers

    /// What `body` wrote to file descriptor 2, which points at a temporary file meanwhile.
    private static func standardError(during body: () -> Void) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID())")
        defer { try? FileManager.default.removeItem(at: file) }
        let capture = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(capture, 0)
        let saved = dup(STDERR_FILENO)
        dup2(capture, STDERR_FILENO)
        body()
        dup2(saved, STDERR_FILENO)
        close(saved)
        close(capture)
        return String(decoding: try Data(contentsOf: file), as: UTF8.self)
    }
}
