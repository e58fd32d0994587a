import Foundation

/// A seam for the package's tests: every file-system call of Sightline's storage types (``FileIO``'s opens,
/// reads, directory creations and renames, the identity, session and version stores' removals and existence
/// checks, ``StorageProtection``'s walks) is noted here with the thread it ran on, so that a test can assert
/// that creating and starting a tracker touches no file on the main thread (ACCEPTANCE 55) without timing
/// anything.
///
/// Costs one uncontended lock per call while nobody observes, next to a system call.
package enum FileSystemProbe {
    // MARK: - Package

    /// One noted call.
    package struct Call: Sendable, Equatable {
        /// What was done (`open`, `mkdir`, `stat`, `unlink`, `protect`…).
        package var operation: String
        /// The file or directory.
        package var path: String
        /// Whether it ran on the main thread.
        package var onMainThread: Bool
    }

    /// Begins noting calls, on every thread, until ``stop()``.
    package static func start() {
        lock.lock()
        calls = []
        isObserving = true
        lock.unlock()
    }

    /// Stops noting calls and returns those noted since ``start()``.
    package static func stop() -> [Call] {
        lock.lock()
        defer { lock.unlock() }
        isObserving = false
        return calls
    }

    // MARK: - Internal

    /// Notes one call about to be made.
    static func note(_ operation: String, _ path: String) {
        lock.lock()
        defer { lock.unlock() }
        guard isObserving else { return }
        calls.append(Call(operation: operation, path: path, onMainThread: Thread.isMainThread))
    }

    // MARK: - Private

    private static let lock = NSLock()
    nonisolated(unsafe) private static var isObserving = false
    nonisolated(unsafe) private static var calls: [Call] = []
}
