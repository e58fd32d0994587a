import Foundation
import BenchmarkSupport

/// Prints the runner's table, the targets' verdicts and, last, one `RESULT` line per configuration.
struct ReportPrinter {
    // MARK: - Internal

    /// The header, printed before the first configuration.
    func printHeader(options: RunnerOptions) {
        print("Sightline ScanBenchmark: one full scan of a generated hierarchy in a 390x844 key window")
        print("cpus=\(ProcessInfo.processInfo.activeProcessorCount) samples<=\(options.repetitions) median reported, " +
              "allocations \(AllocationCounting.isSupported ? "counted on the main thread" : "not counted on this platform")")
        print("ours = Tracking VisibilityScanner; naive = BFS + convert(_:to:) per view; per-view = ancestor walk per tracked view;")
        print("floor = BFS reading every view's properties, judging nothing; flat = the same reads over a prebuilt array.")
        print("ns/view = median scan time / views in the tree;")
        print("t/floor = time / floor's time; naive/t = naive's time / time (speed-up over naive); spread = half the IQR.")
        print("")
        print(Self.row(["config", "views", "depth", "tracked", "visible", "impl", "ns/view", "us/scan", "t/floor",
                        "naive/t", "allocs", "spread"]))
    }

    /// One configuration's rows, printed as soon as it is measured.
    func printRows(_ result: ConfigurationResult) {
        let naive = result.result(named: "naive")?.medianNanoseconds ?? .nan
        let floor = result.result(named: "floor")?.medianNanoseconds ?? .nan
        for (position, implementation) in result.implementations.enumerated() {
            let median = implementation.medianNanoseconds
            let answer = implementation.answer == implementation.expectedAnswer
                ? String(implementation.answer)
                : "\(implementation.answer)!=\(implementation.expectedAnswer)"
            print(Self.row([
                position == 0 ? result.configuration.name : "",
                position == 0 ? String(result.viewCount) : "",
                position == 0 ? String(result.maximumDepth) : "",
                position == 0 ? String(result.trackedCount) : "",
                implementation.name == "floor" || implementation.name == "flat" ? "-" : answer,
                implementation.name,
                Self.format(median / Double(result.viewCount), digits: 2),
                Self.format(median / 1_000, digits: 2),
                Self.format(median / floor, digits: 3),
                Self.format(naive / median, digits: 1) + "x",
                AllocationCounting.isSupported ? Self.format(implementation.allocationsPerScan, digits: 1) : "n/a",
                Self.format(implementation.relativeSpread * 100, digits: 0) + "%",
            ]))
        }
        print("  (ours looked at \(result.viewsVisitedByOurs) of \(result.viewCount + 1) views; built in " +
              "\(Self.format(result.buildMilliseconds, digits: 0)) ms)")
    }

    /// The targets, the connected-scenes and tracker allocation notes and the `RESULT` lines, in that order.
    /// A `RESULT` line's `exact=1` says the brute-force oracle agreed with our scan on every run of that
    /// configuration.
    func printSummary(
        _ results: [ConfigurationResult], connectedScenesAllocations: Double?, trackerScanAllocations: Double?,
        anchoredScanAllocations: Double? = nil
    ) {
        print("")
        if let connectedScenesAllocations, AllocationCounting.isSupported {
            print("note: scan(into:) (connected scenes, as the tracker calls it) allocates " +
                  "\(Self.format(connectedScenesAllocations, digits: 1)) per scan on wide-1000-dense; " +
                  "the table times scan(windows:into:)")
        }
        if let trackerScanAllocations, AllocationCounting.isSupported {
            print("note: Tracker.scanNow() (transition check, scan, recording; a tracked screen, no transition) " +
                  "allocates \(Self.format(trackerScanAllocations, digits: 1)) per scan in steady state on wide-1000-dense")
        }
        if let anchoredScanAllocations, AllocationCounting.isSupported {
            print("note: with SwiftUI anchors (a screen, 20 elements given screens through the environment, 2 occluders) " +
                  "scan(into:) allocates \(Self.format(anchoredScanAllocations, digits: 1)) per scan on wide-1000-dense")
        }
        for result in results where result.configuration.viewCount == 10_000 {
            let name = result.configuration.name
            let floorRatio = result.ratio(of: "floor")
            let allocations = result.result(named: "ours")?.allocationsPerScan ?? .nan
            var line = "target \(name): ours <= 2x floor: \(Self.verdict(floorRatio <= 2)) (\(Self.format(floorRatio, digits: 2))x); "
            if result.configuration.shape == .scrollHeavy, result.configuration.density == .sparse {
                let overFloor = 1 / floorRatio
                line += ">= 5x faster than the floor: \(Self.verdict(overFloor >= 5)) (\(Self.format(overFloor, digits: 1))x); "
            }
            line += "0 allocations: \(AllocationCounting.isSupported ? Self.verdict(allocations == 0) : "n/a") " +
                "(\(Self.format(allocations, digits: 1))); exact: \(Self.verdict(result.oracleAgreed))"
            print(line)
        }
        let disagreeing = results.filter { !$0.answersAgree }.map(\.configuration.name)
        print(disagreeing.isEmpty
              ? "answers: every implementation gave the generator's answer on every configuration"
              : "answers: MISMATCH on \(disagreeing.joined(separator: ", "))")
        print("")
        for result in results {
            let ours = result.result(named: "ours")
            let median = ours?.medianNanoseconds ?? .nan
            let allocations = AllocationCounting.isSupported
                ? Self.format(ours?.allocationsPerScan ?? .nan, digits: ours?.allocationsPerScan.rounded() == ours?.allocationsPerScan ? 0 : 1)
                : "n/a"
            print("RESULT config=\(result.configuration.name) views=\(result.viewCount) tracked=\(result.trackedCount) " +
                  "ours_ns_per_view=\(Self.format(median / Double(result.viewCount), digits: 2)) " +
                  "floor_ratio=\(Self.format(result.ratio(of: "floor"), digits: 3)) " +
                  "naive_speedup=\(Self.format(1 / result.ratio(of: "naive"), digits: 1)) " +
                  "perview_speedup=\(Self.format(1 / result.ratio(of: "per-view"), digits: 2)) " +
                  "allocs_per_scan=\(allocations) exact=\(result.oracleAgreed ? 1 : 0)")
        }
    }

    /// The debug overlay's cost: a note and a `RESULT overlay` line (no target for the cost with it on; off,
    /// it must add no allocation).
    func printOverlay(_ result: OverlayResult) {
        let allocations = { (value: Double) in AllocationCounting.isSupported ? Self.format(value, digits: 1) : "n/a" }
        print("")
        print("debug overlay on \(result.configuration) (\(result.trackedCount) tracked, \(result.outlineCount) outlined): "
              + "Tracker.scanNow() \(Self.format(result.offNanoseconds / 1e3, digits: 1)) µs off, "
              + "\(Self.format(result.onNanoseconds / 1e3, digits: 1)) µs on; allocations per scan \(allocations(result.offAllocations)) off, "
              + "\(allocations(result.onAllocations)) on, \(allocations(result.offAgainAllocations)) off again")
        if AllocationCounting.isSupported {
            let extra = result.offAgainAllocations - result.offAllocations
            print("target overlay off: 0 extra allocations per scan: \(Self.verdict(extra == 0)) (\(Self.format(extra, digits: 1)))")
        }
        print("RESULT overlay config=\(result.configuration) tracked=\(result.trackedCount) outlines=\(result.outlineCount) "
              + "off_ns_per_scan=\(Self.format(result.offNanoseconds, digits: 0)) on_ns_per_scan=\(Self.format(result.onNanoseconds, digits: 0)) "
              + "off_allocs_per_scan=\(allocations(result.offAllocations)) on_allocs_per_scan=\(allocations(result.onAllocations)) "
              + "off_again_allocs_per_scan=\(allocations(result.offAgainAllocations))")
    }

    /// Engagement's cost: a note, a target line (0 allocations per scan with exposure on and off) and a
    /// `RESULT engagement` line.
    func printEngagement(_ result: EngagementResult) {
        let allocations = { (value: Double) in AllocationCounting.isSupported ? Self.format(value, digits: 1) : "n/a" }
        print("")
        print("engagement on \(result.configuration) (\(result.trackedCount) tracked): Tracker.scanNow() "
              + "\(Self.format(result.baselineNanoseconds / 1e3, digits: 1)) µs without screen ends, "
              + "\(Self.format(result.defaultNanoseconds / 1e3, digits: 1)) µs with scroll depth, "
              + "\(Self.format(result.exposureNanoseconds / 1e3, digits: 1)) µs with exposure too; allocations per scan "
              + "\(allocations(result.baselineAllocations)), \(allocations(result.defaultAllocations)), "
              + "\(allocations(result.exposureAllocations))")
        if AllocationCounting.isSupported {
            let met = result.defaultAllocations == 0 && result.exposureAllocations == 0
            print("target engagement: 0 allocations per scan with exposure off and on: \(Self.verdict(met))")
        }
        print("RESULT engagement config=\(result.configuration) tracked=\(result.trackedCount) "
              + "baseline_ns_per_scan=\(Self.format(result.baselineNanoseconds, digits: 0)) "
              + "default_ns_per_scan=\(Self.format(result.defaultNanoseconds, digits: 0)) "
              + "exposure_ns_per_scan=\(Self.format(result.exposureNanoseconds, digits: 0)) "
              + "baseline_allocs_per_scan=\(allocations(result.baselineAllocations)) "
              + "default_allocs_per_scan=\(allocations(result.defaultAllocations)) "
              + "exposure_allocs_per_scan=\(allocations(result.exposureAllocations))")
    }

    // MARK: - Private

    private static let widths = [20, 6, 6, 8, 8, 9, 9, 10, 8, 9, 8, 7]

    private static func row(_ cells: [String]) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let width = widths[min(index, widths.count - 1)]
            let padding = String(repeating: " ", count: max(width - cell.count, 0))
            // The first column reads left to right; numbers line up on the right.
            line += index == 0 ? cell + padding : " " + padding + cell
        }
        return line
    }

    private static func format(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "-" }
        return String(format: "%.\(digits)f", value)
    }

    private static func verdict(_ met: Bool) -> String { met ? "MET" : "MISSED" }
}
