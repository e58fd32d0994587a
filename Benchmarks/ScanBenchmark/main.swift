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
}
