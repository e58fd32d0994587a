/// The writes Sightline makes off the caller's thread to its small files (the session file's saves), for
/// the package's tests: a test that removes a storage directory waits for them first, or a save still queued
/// would create the directory again.
package enum PendingFileWrites {
    /// Returns once every write requested so far, by any tracker of the process, has reached its file.
    package static func wait() {
        SessionStore.waitForSaves()
    }
}
