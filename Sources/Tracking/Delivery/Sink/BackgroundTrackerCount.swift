import Foundation

/// How many trackers hold a ``DeliverySink`` and start its upload at backgrounding themselves; thread-safe
/// (a tracker is released from any thread).
final class BackgroundTrackerCount: @unchecked Sendable {
    // MARK: - Internal

    /// The trackers counted now.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// Counts one more tracker.
    func add() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    /// Counts one tracker fewer (released).
    func remove() {
        lock.lock()
        value = max(0, value - 1)
        lock.unlock()
    }

    // MARK: - Private

    private let lock = NSLock()
    private var value = 0
}
