#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest

/// What code writes to standard error, for tests of messages printed there.
public enum StandardErrorCapture {
    /// What `body` wrote to file descriptor 2, which points at a temporary file meanwhile (removed after).
    public static func during(_ body: () -> Void) throws -> String {
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
