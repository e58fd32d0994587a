/// Scans per second over the last second, on the tracker's clock, from a fixed ring of instants: no
/// allocation after the first scan.
struct DebugOverlayScanRate {
    // MARK: - Internal

    /// Records a scan at `uptime` (seconds, non-decreasing).
    mutating func record(_ uptime: Double) {
        if instants.isEmpty { instants = ContiguousArray(repeating: -.infinity, count: Self.capacity) }
        next = (next + 1) % Self.capacity
        instants[next] = uptime
    }

    /// Scans recorded in the second up to and including `uptime` (at most the ring's capacity).
    func scansPerSecond(at uptime: Double) -> Int {
        instants.reduce(0) { count, instant in instant > uptime - 1 && instant <= uptime ? count + 1 : count }
    }

    // MARK: - Private

    /// Above the scheduler's cap of 60 scans a second; a burst of `scanNow()` calls reads as at most this.
    private static let capacity = 64
    private var instants: ContiguousArray<Double> = []
    private var next = 0
}
