import BenchmarkSupport
import Foundation
import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension BenchmarkRunner {
    // MARK: - Internal

    /// Times and counts the allocations of `scanNow()` on `configuration` for three trackers scanning the same
    /// hierarchy (its root controller is a tracked screen holding scroll views): without screen ends, with the
    /// defaults (scroll depth), and with exposure on. Their samples alternate, so a busy machine slows all alike.
    /// Every tracked view is recorded by the first scan (duration threshold 0): the measured scans deliver
    /// nothing, and their steady state is what every scan of a screen at rest costs.
    func engagementCost(_ configuration: BenchmarkConfiguration) -> EngagementResult {
        Headless.reset()
        let hierarchy = GeneratedHierarchy(configuration)
        let storage = Self.temporaryStorage()
        defer {
            hierarchy.tearDown()
            Headless.reset()
            try? FileManager.default.removeItem(at: storage)
        }
        var base = TrackingConfiguration()
        base.storageDirectory = storage
        base.minimumVisibleDuration = 0
        base.diagnosticHandler = { _ in }
        var baseline = base
        baseline.recordsScreenEnded = false
        var exposure = base
        exposure.reportsElementExposure = true
        let trackers = [baseline, base, exposure].map { Tracker(configuration: $0, sinks: []) }

        var allocations: [Double] = []
        for tracker in trackers {
            for _ in 0..<3 { tracker.scanNow() }
            allocations.append(AllocationCounting.allocationsPerCall(repetitions: 5) { tracker.scanNow() })
        }
        var samples = [[Double]](repeating: [], count: trackers.count)
        for round in 0..<max(min(options.repetitions, 31), 9) {
            for step in trackers.indices {
                let index = (round + step) % trackers.count
                samples[index].append(Self.nanoseconds { trackers[index].scanNow() })
            }
        }
        let medians = samples.map(Self.median)
        return EngagementResult(
            configuration: configuration.name, trackedCount: hierarchy.trackedViews.count,
            baselineNanoseconds: medians[0], defaultNanoseconds: medians[1], exposureNanoseconds: medians[2],
            baselineAllocations: allocations[0], defaultAllocations: allocations[1], exposureAllocations: allocations[2]
        )
    }
}
