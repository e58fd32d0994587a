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
    /// overlay off and on. Two trackers scan the same hierarchy, one with the overlay off, one with it on, and
    /// their samples alternate, so that a busy machine slows both alike. Every tracked view is recorded by the
    /// first scan (duration threshold 0), so the measured scans deliver nothing.
    func overlayCost(_ configuration: BenchmarkConfiguration) -> OverlayResult {
        Headless.reset()
        let hierarchy = GeneratedHierarchy(configuration)
        let storage = Self.temporaryStorage()
        defer {
            hierarchy.tearDown()
            Headless.reset()
            try? FileManager.default.removeItem(at: storage)
        }
        var trackingConfiguration = TrackingConfiguration()
        trackingConfiguration.storageDirectory = storage
        trackingConfiguration.minimumVisibleDuration = 0
        // Two running trackers report each other; that is the point here.
        trackingConfiguration.diagnosticHandler = { _ in }
        // Started, so the overlay draws; the run loop does not turn here, so only these scans run.
        let off = Tracker(configuration: trackingConfiguration, sinks: [])
        let on = Tracker(configuration: trackingConfiguration, sinks: [])
        off.start()
        on.start()
        defer {
            off.stop()
            on.stop()
        }

        // Off, before any overlay window ever existed.
        for _ in 0..<3 { off.scanNow() }
        let offAllocations = AllocationCounting.allocationsPerCall(repetitions: 5) { off.scanNow() }

        on.showsDebugOverlay = true
        for _ in 0..<3 { on.scanNow() }
        let onAllocations = AllocationCounting.allocationsPerCall(repetitions: 5) { on.scanNow() }
        let outlines = Self.outlineCount()

        var offSamples: [Double] = [], onSamples: [Double] = []
        for _ in 0..<max(min(options.repetitions, 31), 9) {
            offSamples.append(Self.nanoseconds { off.scanNow() })
            onSamples.append(Self.nanoseconds { on.scanNow() })
        }

        // Off again: the scanner now checks each window for the overlay's.
        on.showsDebugOverlay = false
        for _ in 0..<3 { on.scanNow() }
        let offAgainAllocations = AllocationCounting.allocationsPerCall(repetitions: 5) { on.scanNow() }

        return OverlayResult(
            configuration: configuration.name, trackedCount: hierarchy.trackedViews.count, outlineCount: outlines,
            offNanoseconds: Self.median(offSamples), onNanoseconds: Self.median(onSamples),
            offAllocations: offAllocations, onAllocations: onAllocations, offAgainAllocations: offAgainAllocations
        )
    }

    // MARK: - Private

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
