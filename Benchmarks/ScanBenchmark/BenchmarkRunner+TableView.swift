import BenchmarkSupport
import Foundation
import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension BenchmarkRunner {
    /// Our scan and the floor on a real table view of `rowCount` rows (``TableViewWorkload``): median nanoseconds
    /// per scan, the ratio, and allocations per steady-state scan of ours.
    func tableViewCost(rowCount: Int) -> (views: Int, visible: Int, ours: Double, floor: Double, allocations: Double) {
        Headless.reset()
        let workload = TableViewWorkload(rowCount: rowCount)
        defer {
            workload.tearDown()
            Headless.reset()
        }
        let ours = OurScan(window: workload.window)
        let floor = FloorScan(window: workload.window)
        var visible = 0
        for _ in 0..<3 {
            visible = ours.scan()
            _ = floor.scan()
        }
        let allocations = AllocationCounting.allocationsPerCall(repetitions: 5) { _ = ours.scan() }
        var samples: [[Double]] = [[], []]
        for round in 0..<max(min(options.repetitions, 51), 9) {
            for step in 0..<2 {
                let index = (round + step) % 2
                let implementation: any ScanImplementation = index == 0 ? ours : floor
                samples[index].append(Self.nanoseconds { for _ in 0..<200 { _ = implementation.scan() } } / 200)
            }
        }
        let medians = samples.map(Self.median)
        return (workload.viewCount, visible, medians[0], medians[1], allocations)
    }
}
