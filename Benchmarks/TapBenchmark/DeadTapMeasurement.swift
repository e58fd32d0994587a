#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import AllocationCounter
import BenchmarkSupport
import Foundation
import Tracking

/// What one dead-tap judgement costs when dead taps are on, on a generated app-like hierarchy: the snapshot
/// at touch down plus the comparison after the interval (an unchanged scene, the dead case: the comparison
/// walks everything), against the scan floor (a walk reading every view's geometry and judging nothing),
/// and its allocations once the buffers have grown.
struct DeadTapFigures {
    var judgement: Double
    var capture: Double
    var comparison: Double
    var floor: Double
    var allocations: Double
    var viewsRecorded: Int
    var viewsVisited: Int
}

@MainActor
func measureDeadTapJudgement(viewCount: Int, samples count: Int) -> DeadTapFigures {
    Headless.reset()
    let hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .appLike, viewCount: viewCount, density: .dense))
    defer {
        hierarchy.tearDown()
        Headless.reset()
    }
    let window = hierarchy.window
    let snapshot = VisibleStateSnapshot(minimumAlpha: 0.01)
    let floor = FloorScan(window: window)
    for _ in 0..<5 {
        snapshot.capture(around: window)
        precondition(snapshot.isUnchanged(), "an untouched hierarchy must compare unchanged")
        _ = floor.scan()
    }
    let captures = samples(count) { snapshot.capture(around: window) }
    let comparisons = samples(count) { _ = snapshot.isUnchanged() }
    let judgements = samples(count) {
        snapshot.capture(around: window)
        _ = snapshot.isUnchanged()
    }
    let floors = samples(count) { _ = floor.scan() }
    let allocations = allocationsPerCall(20) {
        snapshot.capture(around: window)
        _ = snapshot.isUnchanged()
    }
    return DeadTapFigures(
        judgement: median(judgements), capture: median(captures), comparison: median(comparisons), floor: median(floors), allocations: allocations,
        viewsRecorded: snapshot.recordCount, viewsVisited: snapshot.viewsVisited
    )
}

@MainActor
func reportDeadTapJudgement() {
    for (viewCount, name, sampleCount) in [(1_000, "dead_tap_check_us", 400), (10_000, "dead_tap_check_10k_us", 100)] {
        let figures = measureDeadTapJudgement(viewCount: viewCount, samples: sampleCount)
        print(String(
            format: "  dead-tap judgement at %d views (%d visible recorded, %d read): %.2f µs (snapshot %.2f, comparison %.2f); scan floor %.2f µs; judgement/floor %.2fx; %.1f allocations",
            viewCount, figures.viewsRecorded, figures.viewsVisited, figures.judgement, figures.capture,
            figures.comparison, figures.floor, figures.judgement / figures.floor, figures.allocations
        ))
        result(name, figures.judgement)
        result(name.replacingOccurrences(of: "_us", with: "_floor_ratio"), figures.judgement / figures.floor, decimals: 3)
        result(name.replacingOccurrences(of: "_us", with: "_allocations"), figures.allocations, decimals: 1)
    }
}
