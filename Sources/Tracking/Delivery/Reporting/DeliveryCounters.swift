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

    /// The last upload's report, or `nil` before the first one (for the debug overlay's badge).
    var lastUpload: DeliveryUploadReport? {
        lock.lock()
        defer { lock.unlock() }
        return lastUploadReport
    }

    /// Keeps `report` as the last upload's.
    func recordUpload(_ report: DeliveryUploadReport) {
        lock.lock()
        lastUploadReport = report
        lock.unlock()
    }

    // MARK: - Private

    private var lastUploadReport: DeliveryUploadReport?

    private let lock = NSLock()
    private var statistics = DeliveryStatistics()
}
