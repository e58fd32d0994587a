/// The runner's command line: `ScanBenchmark [--quick] [--filter <substring>] [--repetitions <n>] [--only <impl>]`.
struct RunnerOptions {
    // MARK: - Internal

    /// Samples per implementation and configuration (each sample averages a batch of scans).
    var repetitions = 51
    /// Upper bound on the time spent sampling one configuration, in seconds (repetitions shrink to fit, down to 9).
    var secondsPerConfiguration = 2.5
    /// Only configurations whose name contains this.
    var filter: String?
    /// Time only this implementation (for profiling); the others still run once to check their answers.
    var only: String?

    /// Parses `arguments` (without the program name); returns `nil` and prints usage on bad input.
    init?(arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                repetitions = 9
                secondsPerConfiguration = 0.5
            case "--filter":
                guard let value = remaining.popFirst() else { return nil }
                filter = value
            case "--only":
                guard let value = remaining.popFirst() else { return nil }
                only = value
            case "--repetitions":
                guard let value = remaining.popFirst().flatMap({ Int($0) }), value > 0 else { return nil }
                repetitions = value
            default:
                return nil
            }
        }
    }

    static let usage = """
        usage: swift run -c release ScanBenchmark [--quick] [--filter <substring>] [--repetitions <n>] [--only <impl>]
          --quick            9 samples per implementation, 0.5 s per configuration (a smoke run)
          --filter <text>    only configurations whose name contains <text>, e.g. 10000 or deep-1000-dense
          --repetitions <n>  samples per implementation (default 51; fewer if a configuration would exceed 2.5 s)
          --only <impl>      time only ours, naive, per-view or floor (to profile one; the table shows the others as -)
        """
}
