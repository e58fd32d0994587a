import Foundation

/// Reports a lasting condition (a sink that keeps throwing, a directory that cannot be created, a host that
/// refuses every upload) once, and counts its repeats instead of flooding the diagnostic handler: the
/// condition is reported again, with how often it recurred, when it recurs after ``quiet`` seconds on the
/// tracker's clock without a report, or at once after it ended (``ended(_:)``). Thread-safe.
final class LastingConditionReports: @unchecked Sendable {
    // MARK: - Internal

    /// How long a condition stays quiet after it was reported: an hour.
    static let defaultQuiet: TimeInterval = 3_600

    /// - Parameters:
    ///   - clock: Measures the quiet (the tracker's or sink's injected clock).
    ///   - quiet: Seconds after a report during which repeats are only counted.
    ///   - report: Receives the diagnostics that are reported.
    init(clock: any TrackingClock, quiet: TimeInterval = defaultQuiet, report: @escaping @Sendable (TrackingDiagnostic) -> Void) {
        self.clock = clock
        self.quiet = quiet
        handler = report
    }

    /// Whether some condition is being counted now: a cheap check before calling ``ended(_:)``.
    var isAnyActive: Bool {
        lock.withLock { !conditions.isEmpty }
    }

    /// Reports `diagnostic`, unless the condition `key` was reported less than ``quiet`` ago: then it is
    /// counted, and the next report of it says how many repeats it left out.
    func report(_ diagnostic: TrackingDiagnostic, key: String) {
        let now = clock.now().date
        let repeats: Int? = lock.withLock {
            if var condition = conditions[key], now.timeIntervalSince(condition.reportedAt) < quiet {
                condition.unreported += 1
                conditions[key] = condition
                return nil
            }
            let unreported = conditions[key]?.unreported ?? 0
            conditions[key] = Condition(reportedAt: now, unreported: 0)
            return unreported
        }
        guard let repeats else { return }
        var reported = diagnostic
        if repeats > 0 {
            reported.message += " (again; \(repeats) more time(s) since it was last reported)"
        }
        handler(reported)
    }

    /// The condition `key` is over: its next occurrence is reported at once.
    func ended(_ key: String) {
        lock.withLock { _ = conditions.removeValue(forKey: key) }
    }

    // MARK: - Private

    private struct Condition {
        var reportedAt: Date
        var unreported: Int
    }

    private let clock: any TrackingClock
    private let quiet: TimeInterval
    private let handler: @Sendable (TrackingDiagnostic) -> Void
    private let lock = NSLock()
    private var conditions: [String: Condition] = [:]
}
