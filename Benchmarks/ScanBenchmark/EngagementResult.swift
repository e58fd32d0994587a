/// What engagement costs a `Tracker.scanNow()`: without screen ends (no scroll depth), with the defaults
/// (scroll depth and `elements_viewed` on `Screen Ended`), and with exposure reporting on too.
struct EngagementResult {
    // MARK: - Internal

    /// The configuration's name, such as `wide-1000-dense`.
    var configuration: String
    /// Tracked views in the hierarchy.
    var trackedCount: Int
    /// Median nanoseconds per scan without screen ends (the scroll-depth monitor is never created).
    var baselineNanoseconds: Double
    /// Median nanoseconds per scan with the defaults: scroll depth measured.
    var defaultNanoseconds: Double
    /// Median nanoseconds per scan with exposure reporting on.
    var exposureNanoseconds: Double
    /// Allocations per steady-state scan, in the same three set-ups.
    var baselineAllocations: Double
    var defaultAllocations: Double
    var exposureAllocations: Double
}
