import BenchmarkSupport
import Foundation

// The release-mode comparison of the Tracking scanner with a naive scan, a per-view ancestor walk and a floor.
// Usage: swift run -c release ScanBenchmark [--quick] [--filter <substring>] [--repetitions <n>]
guard let options = RunnerOptions(arguments: Array(CommandLine.arguments.dropFirst())) else {
    print(RunnerOptions.usage)
    exit(2)
}
MainActor.assumeIsolated {
    let runner = BenchmarkRunner(options: options)
    let printer = ReportPrinter()
    let configurations = BenchmarkConfiguration.standard.filter { options.filter.map($0.name.contains) ?? true }
    printer.printHeader(options: options)
    var results: [ConfigurationResult] = []
    for configuration in configurations {
        let result = runner.measure(configuration)
        printer.printRows(result)
        results.append(result)
    }
    printer.printSummary(
        results, connectedScenesAllocations: runner.connectedScenesAllocations(),
        trackerScanAllocations: runner.trackerScanAllocations(),
        anchoredScanAllocations: runner.anchoredScanAllocations()
    )
    // The debug overlay at 1,000 tracked views (5 % of 20,000).
    printer.printOverlay(runner.overlayCost(BenchmarkConfiguration(shape: .wide, viewCount: 20_000, density: .dense)))
    // Scroll depth and exposure on a tracked screen holding scroll views.
    for (shape, viewCount) in [(HierarchyShape.wide, 1_000), (.scrollHeavy, 10_000)] {
        printer.printEngagement(runner.engagementCost(BenchmarkConfiguration(shape: shape, viewCount: viewCount, density: .dense)))
    }
    // An app-like list built as apps build one: a real UITableView of 1,000 rows, reused cells, mid-list.
    let table = runner.tableViewCost(rowCount: 1_000)
    let tableAllocations = AllocationCounting.isSupported ? String(format: "%.1f", table.allocations) : "n/a"
    print("")
    print("table view, 1,000 rows (\(table.views) views on screen, \(table.visible) tracked visible): ours "
          + String(format: "%.1f µs, floor %.1f µs, ratio %.2f", table.ours / 1e3, table.floor / 1e3, table.ours / table.floor)
          + ", allocations per scan \(tableAllocations)")
    print("RESULT table_view rows=1000 views=\(table.views) visible=\(table.visible) "
          + String(format: "ours_ns=%.0f floor_ns=%.0f ratio=%.3f", table.ours, table.floor, table.ours / table.floor)
          + " allocs_per_scan=\(tableAllocations)")
}
