/// What the runner measured for one implementation on one configuration.
struct ImplementationResult {
    // MARK: - Internal

    /// `ours`, `naive`, `per-view` or `floor`.
    var name: String
    /// What its scans returned (visible tracked views; views read for the floor).
    var answer: Int
    /// The answer it had to give.
    var expectedAnswer: Int
    /// Nanoseconds per scan, one value per sample.
    var samples: [Double]
    /// Scans averaged in each sample.
    var batch: Int
    /// Heap allocations per steady-state scan (0 when not counted on this platform).
    var allocationsPerScan: Double

    /// The median of ``samples``.
    var medianNanoseconds: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Half the spread between the 25th and 75th percentile, relative to the median: the noise of the run.
    var relativeSpread: Double {
        let sorted = samples.sorted()
        guard sorted.count >= 4 else { return 0 }
        let low = sorted[sorted.count / 4], high = sorted[(sorted.count * 3) / 4]
        return (high - low) / 2 / medianNanoseconds
    }
}
