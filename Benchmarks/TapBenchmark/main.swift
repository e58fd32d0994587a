#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import AllocationCounter
import BenchmarkSupport
import Foundation
import Tracking

// Tap capture benchmark: the main-thread cost that tap capture adds to a tap on a tracked element (the
// attribution, which walks up from the touch's hit-test view without a scan, and the event built and
// delivered) and on nothing tracked, and to a touch move, measured as the difference between a started
// tracker with capture on and one with capture off, through the real sendEvent path, at 1,000 and at
// 10,000 views (the attribution must not grow with the hierarchy); and the scan's time and allocations
// with capture on and off (installing recognizers must add nothing per scan). Run with
// `swift run -c release TapBenchmark`; each figure prints as `RESULT name=… value=…`, the 10,000-view
// ones with the suffix `_10k`.

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted[sorted.count / 2]
}

func result(_ name: String, _ value: Double, decimals: Int = 2) {
    print("RESULT name=\(name) value=\(String(format: "%.\(decimals)f", value))")
}

/// Microseconds per call of `body`, one sample per call.
@MainActor
func samples(_ count: Int, _ body: () -> Void) -> [Double] {
    (0..<count).map { _ in
        let start = now()
        body()
        return Double(now() - start) / 1_000
    }
}

@MainActor
func allocationsPerCall(_ count: Int, _ body: () -> Void) -> Double {
    let before = sightline_allocation_counter_thread_allocations()
    for _ in 0..<count { body() }
    return Double(sightline_allocation_counter_thread_allocations() - before) / Double(count)
}

struct Figures {
    var trackedTap: Double
    var untrackedTap: Double
    var move: Double
    var scan: Double
    var scanAllocations: Double
    var trackedTapAllocations: Double
    var events: Int
}

let root = FileManager.default.temporaryDirectory.appendingPathComponent("TapBenchmark-\(UUID())", isDirectory: true)
defer { try? FileManager.default.removeItem(at: root) }
let taps = 2_000

@MainActor
func measure(_ configuration: BenchmarkConfiguration, capturesTaps: Bool) -> Figures {
    let workload = TapWorkload(configuration: configuration, capturesTaps: capturesTaps, storage: root.appendingPathComponent("\(capturesTaps)"))
    defer { workload.tearDown() }
    let window = workload.hierarchy.window
    for _ in 0..<3 { workload.tracker.scanNow() }
    // Warm-up, then the timed taps (one long burst: one rage tap among them).
    for _ in 0..<50 { Headless.tap(at: workload.trackedPoint, in: window) }
    let eventsBefore = workload.sink.count
    let tracked = samples(taps) { Headless.tap(at: workload.trackedPoint, in: window) }
    let events = workload.sink.count - eventsBefore
    let untracked = samples(taps) { Headless.tap(at: workload.untrackedPoint, in: window) }
    let tapAllocations = allocationsPerCall(200) { Headless.tap(at: workload.trackedPoint, in: window) }
    // A finger that wanders within a tap's allowance, so that the recognizer keeps following it.
    let finger = Headless.touchDown(at: workload.trackedPoint, in: window)
    var step = 0
    let moves = samples(taps) {
        step += 1
        finger.move(to: CGPoint(x: workload.trackedPoint.x + CGFloat(step % 8), y: workload.trackedPoint.y))
    }
    finger.lift()
    let scans = samples(200) { workload.tracker.scanNow() }
    let scanAllocations = allocationsPerCall(20) { workload.tracker.scanNow() }
    return Figures(
        trackedTap: median(tracked), untrackedTap: median(untracked), move: median(moves), scan: median(scans),
        scanAllocations: scanAllocations, trackedTapAllocations: tapAllocations, events: events
    )
}


/// Prints the figures of one hierarchy size; `suffix` tells the sizes apart (`""` at 1,000 views, `"_10k"` at 10,000).
@MainActor
func report(_ configuration: BenchmarkConfiguration, suffix: String) {
    print("Tap capture on \(configuration.name) (median of \(taps) taps, moves and scans each; µs)")
    let off = measure(configuration, capturesTaps: false)
    let on = measure(configuration, capturesTaps: true)
    print(String(format: "  tap on a tracked cell: %.2f off, %.2f on", off.trackedTap, on.trackedTap))
    print(String(format: "  tap on nothing tracked: %.2f off, %.2f on", off.untrackedTap, on.untrackedTap))
    print(String(format: "  touch move: %.3f off, %.3f on", off.move, on.move))
    print(String(format: "  scanNow: %.2f off, %.2f on; allocations per scan %.1f off, %.1f on", off.scan, on.scan, off.scanAllocations, on.scanAllocations))
    print("  events recorded by \(taps) timed taps: \(off.events) off, \(on.events) on (one Element Tapped each; the burst's rage tap came during the warm-up)")
    result("tap_capture\(suffix)_us", on.trackedTap - off.trackedTap)
    result("tap_capture_untracked\(suffix)_us", on.untrackedTap - off.untrackedTap)
    result("touch_move_capture\(suffix)_us", on.move - off.move, decimals: 3)
    result("tap_with_capture\(suffix)_us", on.trackedTap)
    result("tap_without_capture\(suffix)_us", off.trackedTap)
    result("tap_capture_allocations\(suffix)", on.trackedTapAllocations - off.trackedTapAllocations, decimals: 1)
    result("scan_capture_on\(suffix)_us", on.scan)
    result("scan_capture_off\(suffix)_us", off.scan)
    result("scan_allocations_capture_on\(suffix)", on.scanAllocations, decimals: 1)
    result("scan_allocations_capture_off\(suffix)", off.scanAllocations, decimals: 1)
    result("tap_events_recorded\(suffix)", Double(on.events), decimals: 0)
}

MainActor.assumeIsolated {
    if !sightline_allocation_counter_is_supported() { print("(allocation counts need Linux: 0 here)") }
    let sizes: [(BenchmarkConfiguration, String)] = [
        (BenchmarkConfiguration(shape: .appLike, viewCount: 1_000, density: .dense), ""),
        (BenchmarkConfiguration(shape: .appLike, viewCount: 10_000, density: .dense), "_10k"),
    ]
    for (configuration, suffix) in sizes {
        report(configuration, suffix: suffix)
    }
    // MARK: Dead taps
    // `dead_tap_check_us` (and `dead_tap_check_10k_us`): what one dead-tap judgement adds when dead taps are
    // on (the snapshot at touch down and the comparison after the interval), at both sizes, against the scan's
    // floor (DeadTapMeasurement.swift).
    print("Dead taps on (median; µs)")
    reportDeadTapJudgement()
}
