#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension TrackingDiagnostic {
    // MARK: - Internal

    /// Names `error` by its codes only: the failed call and errno of a file operation (`open failed: EISDIR
    /// (errno 21)`), or an error's domain and code and the errno beneath it (`NSCocoaErrorDomain 513, errno
    /// 13`).
    ///
    /// An error's description quotes what it was about (a path holding the write key, a URL, a value a sink
    /// was given), so a diagnostic never interpolates the error itself.
    /// - Parameters:
    ///   - error: The error to name.
    static func errorCodes(of error: any Error) -> String {
        if let failure = error as? FileIO.Failure { return failure.description }
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return describe(errno: error.code) }
        let name = "\(error.domain) \(error.code)"
        guard let errno = posixCode(under: error) else { return name }
        return "\(name), \(describe(errno: errno))"
    }

    // MARK: - Private

    /// `Is a directory (errno 21)`: the system's text for a code says nothing about the file involved.
    private static func describe(errno: Int) -> String {
        "\(String(cString: strerror(Int32(truncatingIfNeeded: errno)))) (errno \(errno))"
    }

    /// The POSIX code among the errors underlying `error`, if any.
    private static func posixCode(under error: NSError) -> Int? {
        var current = underlying(error)
        for _ in 0..<8 {
            guard let error = current else { return nil }
            if error.domain == NSPOSIXErrorDomain { return error.code }
            current = underlying(error)
        }
        return nil
    }

    /// The error beneath `error`. On Linux it is stored as a Swift error (`POSIXError`), which `as? NSError`
    /// does not match.
    private static func underlying(_ error: NSError) -> NSError? {
        (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
    }
}
