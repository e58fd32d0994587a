import Foundation

/// The live counters behind ``DeliverySink/statistics``, updated from the main thread (storing) and the
/// upload queue (delivering), under one lock.
final class DeliveryCounters: @unchecked Sendable {
    // MARK: - Internal

    /// A copy of the counters.
    var snapshot: DeliveryStatistics {
        lock.lock()
        defer { lock.unlock() }
        return statistics
    }

    /// Changes the counters under the lock.
    func update(_ change: (inout DeliveryStatistics) -> Void) {
        lock.lock()
        change(&statistics)
        lock.unlock()
    }

    // MARK: - Private

    private let lock = NSLock()
    private var statistics = DeliveryStatistics()
}
