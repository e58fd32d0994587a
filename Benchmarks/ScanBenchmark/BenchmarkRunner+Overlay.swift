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

    /// Times and counts the allocations of a started tracker's `scanNow()` on `configuration` with the debug
    /// overlay off, on, and off again. Every tracked view is recorded by the first scan (duration threshold
    /// 0), so the measured scans deliver nothing.
    func overlayCost(_ configuration: BenchmarkConfiguration) -> OverlayResult {
        Headless.reset()
        let hierarchy = GeneratedHierarchy(configuration)
        let storage = FileManager.default.temporaryDirectory
            .appendingPathComponent("sightline-benchmark-\(UUID().uuidString)", isDirectory: true)
        defer {
            hierarchy.tearDown()
            Headless.reset()
            try? FileManager.default.removeItem(at: storage)
        }
        var trackingConfiguration = TrackingConfiguration()
        trackingConfiguration.storageDirectory = storage
        trackingConfiguration.minimumVisibleDuration = 0
        // Started, so the overlay draws; the run loop does not turn here, so only these scans run.
        let tracker = Tracker(configuration: trackingConfiguration, sinks: [])
        tracker.start()
        defer { tracker.stop() }

        for _ in 0..<3 { tracker.scanNow() }
        let offAllocations = AllocationCounting.allocationsPerCall(repetitions: 5) { tracker.scanNow() }
        let off = medianNanoseconds { tracker.scanNow() }

        tracker.showsDebugOverlay = true
        for _ in 0..<3 { tracker.scanNow() }
        let onAllocations = AllocationCounting.allocationsPerCall(repetitions: 5) { tracker.scanNow() }
        let on = medianNanoseconds { tracker.scanNow() }
        let outlines = Self.outlineCount()

        tracker.showsDebugOverlay = false
        for _ in 0..<3 { tracker.scanNow() }
        let offAgainAllocations = AllocationCounting.allocationsPerCall(repetitions: 5) { tracker.scanNow() }

        return OverlayResult(
            configuration: configuration.name, trackedCount: hierarchy.trackedViews.count, outlineCount: outlines,
            offNanoseconds: off, onNanoseconds: on, offAllocations: offAllocations, onAllocations: onAllocations,
            offAgainAllocations: offAgainAllocations
        )
    }

    // MARK: - Private

    /// The median of `options.repetitions` (at least 9) timed calls of `body`.
    private func medianNanoseconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<max(min(options.repetitions, 31), 9) {
            let start = clock.now
            body()
            let (seconds, attoseconds) = start.duration(to: clock.now).components
            samples.append(Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// The bordered views shown in the overlay's window (the window above every app window), minus the
    /// screen outlines' thin borders.
    private static func outlineCount() -> Int {
        guard let overlay = Headless.windowScene.windows.last(where: { $0.windowLevel > .normal && !$0.isHidden })
        else { return 0 }
        var count = 0
        for container in overlay.subviews {
            for view in container.subviews where !view.isHidden && view.layer.borderWidth >= 2 { count += 1 }
        }
        return count
    }
}
