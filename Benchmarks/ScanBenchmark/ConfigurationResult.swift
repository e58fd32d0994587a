import BenchmarkSupport

/// Every implementation's measurements on one configuration.
struct ConfigurationResult {
    // MARK: - Internal

    var configuration: BenchmarkConfiguration
    var viewCount: Int
    var trackedCount: Int
    var maximumDepth: Int
    /// Views the scanner looked at in one scan.
    var viewsVisitedByOurs: Int
    /// Milliseconds to generate and show the hierarchy.
    var buildMilliseconds: Double
    /// Whether the brute-force oracle agreed with our scan on every run: the same visible views and ratios
    /// after warm-up and after timing, and the same count on every timed scan.
    var oracleAgreed: Bool
    /// `ours`, `naive`, `per-view`, `floor`, `flat`, in that order.
    var implementations: [ImplementationResult]

    func result(named name: String) -> ImplementationResult? {
        implementations.first { $0.name == name }
    }

    /// Ours' median time over `name`'s: below 1 means ours is faster.
    func ratio(of name: String) -> Double {
        guard let ours = result(named: "ours"), let other = result(named: name) else { return .nan }
        return ours.medianNanoseconds / other.medianNanoseconds
    }

    /// Whether every implementation gave the answer it had to.
    var answersAgree: Bool { implementations.allSatisfy { $0.answer == $0.expectedAnswer } }
}
