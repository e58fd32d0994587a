/// What the debug overlay costs a `Tracker.scanNow()`: off (never turned on), on, and off again after it was
/// on (when the scanner checks each window for the overlay's).
struct OverlayResult {
    // MARK: - Internal

    /// The configuration's name, such as `wide-20000-dense`.
    var configuration: String
    /// Tracked views in the hierarchy.
    var trackedCount: Int
    /// Outlines the overlay drew for the last scan (elements on screen).
    var outlineCount: Int
    /// Median nanoseconds per scan with the overlay off, before it was ever on.
    var offNanoseconds: Double
    /// Median nanoseconds per scan with the overlay on (scan, recording and drawing).
    var onNanoseconds: Double
    /// Allocations per scan, off, before it was ever on.
    var offAllocations: Double
    /// Allocations per scan, on, in steady state.
    var onAllocations: Double
    /// Allocations per scan, off again after it was on.
    var offAgainAllocations: Double
}
