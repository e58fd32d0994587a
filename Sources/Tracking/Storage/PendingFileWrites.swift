import Foundation

/// The writes Sightline makes off the caller's thread to its small files (the session file's saves), for
/// the package's tests: a test that removes a storage directory waits for them first, or a save still queued
/// would create the directory again.
package enum PendingFileWrites {
    /// Returns once every write requested so far, by any tracker of the process, has reached its file, or
    /// after `timeout` seconds: a file queue stuck in a callback (a regression) fails the test that waits
    /// instead of hanging the suite.
    /// - Returns: Whether the writes were done in time.
    @discardableResult
    package static func wait(timeout: TimeInterval = 60) -> Bool {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInitiated).async {
            SessionStore.waitForSaves()
            done.signal()
        }
        return done.wait(timeout: .now() + timeout) == .success
    }
}
