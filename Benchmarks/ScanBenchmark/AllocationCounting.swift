import AllocationCounter

/// Heap allocations made by the main thread, through the AllocationCounter target's malloc interposer
/// (Linux only; elsewhere ``isSupported`` is `false` and every count is 0).
enum AllocationCounting {
    // MARK: - Internal

    /// Whether this platform counts allocations.
    static var isSupported: Bool { sightline_allocation_counter_is_supported() }

    /// Average allocations per call of `body` over `repetitions` calls on the calling thread.
    static func allocationsPerCall(repetitions: Int, _ body: () -> Void) -> Double {
        let before = sightline_allocation_counter_thread_allocations()
        for _ in 0..<repetitions { body() }
        let after = sightline_allocation_counter_thread_allocations()
        return Double(after - before) / Double(max(repetitions, 1))
    }
}
