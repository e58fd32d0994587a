import Foundation

/// Serializes a tracker's calls from every thread: each explicit call and each scanned event takes it from
/// the instant its time is read until every sink has received it, so the order of timestamps, of
/// identities and of what sinks receive is the order in which calls took the lock.
///
/// Recursive, so a sink, hook or diagnostic handler that calls the tracker back delays nothing but its
/// own event instead of deadlocking.
final class TrackerCallLock: @unchecked Sendable {
    // MARK: - Internal

    /// Events handed to the sinks so far; read and changed with the lock held.
    var eventsDelivered = 0
    /// The sinks the person's consent lets events reach; read and changed with the lock held.
    var sinksAllowedByConsent: [any TrackingSink] = []

    /// Runs `body` holding the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: - Private

    private let lock = NSRecursiveLock()
}
