import Foundation

/// A request to stop the running flush, settable from any thread without waiting for the driver's actor:
/// it cancels the flush's task (which cancels the request in flight) and tells the drain not to start
/// another request.
final class FlushStop: @unchecked Sendable {
    // MARK: - Internal

    /// Whether the running flush was asked to stop.
    var isRequested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }

    /// A new flush runs as `task`: forgets an earlier request.
    func begin(_ task: Task<UploadFlushSummary, Never>) {
        lock.lock()
        requested = false
        running = task
        lock.unlock()
    }

    /// Stops the running flush, if any.
    func request() {
        lock.lock()
        requested = true
        let task = running
        lock.unlock()
        task?.cancel()
    }

    // MARK: - Private

    private let lock = NSLock()
    private var requested = false
    private var running: Task<UploadFlushSummary, Never>?
}
