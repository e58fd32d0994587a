import Foundation

/// The trackers started in this process and not yet stopped or released: a second one scans the same
/// windows and records every screen and impression twice, which deserves a diagnostic.
enum RunningTrackers {
    // MARK: - Internal

    /// Records `tracker` as running.
    /// - Returns: How many other trackers were running already.
    static func insert(_ tracker: ObjectIdentifier) -> Int {
        state.withLock { running in
            running.insert(tracker)
            return running.count - 1
        }
    }

    /// Records `tracker` as no longer running.
    static func remove(_ tracker: ObjectIdentifier) {
        state.withLock { running in
            _ = running.remove(tracker)
        }
    }

    // MARK: - Private

    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var running: Set<ObjectIdentifier> = []

        func withLock<Result>(_ body: (inout Set<ObjectIdentifier>) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&running)
        }
    }

    private static let state = State()
}
