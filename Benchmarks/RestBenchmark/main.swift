#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import Tracking

// A screen at rest (issue 32): what the scan scheduler costs the main thread when nothing changes, how soon it
// sees a change, how late an impression is recorded after it qualified, and how often it scans under a 60 Hz
// animation; today's change-driven scheduling side by side with the repeating timer it replaced (emulated: a
// repeating timer at `scansPerSecond` whose every tick scans), at 1,000 and 10,000 views, on the real main run
// loop. Run with `swift run -c release RestBenchmark`; each figure prints as `RESULT name=… value=…`, named
// `<figure>_<scheduling>_<views>`.

func result(_ name: String, _ value: Double, decimals: Int = 3) {
    print("RESULT name=\(name) value=\(String(format: "%.\(decimals)f", value))")
}

func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    guard !samples.isEmpty else { return .nan }
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

let root = FileManager.default.temporaryDirectory.appendingPathComponent("RestBenchmark-\(UUID())", isDirectory: true)
defer { try? FileManager.default.removeItem(at: root) }
let quick = CommandLine.arguments.contains("--quick")
let restSeconds = quick ? 1.5 : 3.0
let rounds = quick ? 4 : 10

MainActor.assumeIsolated {
    for viewCount in [1_000, 10_000] {
        for scheduling in Scheduling.allCases {
            let workload = RestWorkload(
                viewCount: viewCount, scheduling: scheduling,
                storage: root.appendingPathComponent("\(scheduling.rawValue)-\(viewCount)", isDirectory: true)
            )
            let suffix = "\(scheduling.rawValue)_\(viewCount)"
            let container = workload.hierarchy.rootController.view!

            // The impressions on screen qualify (1 s), then the screen is at rest.
            workload.run(for: 1.6)
            workload.run(for: 0.6)

            // One run of the loop: its entry (which may scan once, before the loop first sleeps) and the wake at its
            // end are the harness's own, and left out.
            let wakes = WakeCounter()
            let restStart = RestWorkload.uptime
            let scansBefore = workload.scans.count
            let timeBefore = workload.tracker.statistics.totalScanDuration
            workload.run(for: restSeconds)
            wakes.stop()
            let entryScans = workload.scans[scansBefore...].prefix { $0 < restStart + 0.01 }.count
            let scansAtRest = workload.scans.count - scansBefore - entryScans
            let scanTime = workload.tracker.statistics.totalScanDuration - timeBefore
            let perScan = workload.scans.count > scansBefore ? scanTime / Double(workload.scans.count - scansBefore) : 0
            result("rest_wakes_per_s_\(suffix)", Double(max(wakes.wakes - 1, 0)) / restSeconds)
            result("rest_scans_per_s_\(suffix)", Double(scansAtRest) / restSeconds)
            result("rest_main_us_per_s_\(suffix)", perScan * Double(scansAtRest) / restSeconds * 1_000_000, decimals: 1)

            // A change at rest: from a main-thread timer, to the first scan after it.
            var latencies: [Double] = []
            for round in 0..<rounds {
                let changedAt = workload.runChanging(after: 0.3 + 0.0137 * Double(round), for: 0.9) {
                    container.subviews.first?.frame.origin.x += 1
                }
                if let scan = workload.firstScan(after: changedAt) { latencies.append((scan - changedAt) * 1_000) }
            }
            result("change_to_scan_ms_median_\(suffix)", percentile(latencies, 0.5))
            result("change_to_scan_ms_p99_\(suffix)", percentile(latencies, 0.99))

            // A tracked view added at rest: its impression's delivery against the exact qualifying moment (the
            // first scan that saw it plus 1 s).
            var lateness: [Double] = []
            for round in 0..<(rounds / 2) {
                let delivered = workload.impressionDeliveries.count
                let view = UIView(frame: CGRect(x: 10, y: 120, width: 120, height: 60))
                view.trackingElement = TrackingElement(elementType: TrackingElementType(rawValue: "late_\(round)"))
                let changedAt = workload.runChanging(after: 0.2 + 0.0173 * Double(round), for: 1.8) {
                    container.addSubview(view)
                }
                if let seen = workload.firstScan(after: changedAt), workload.impressionDeliveries.count > delivered {
                    lateness.append((workload.impressionDeliveries[delivered] - (seen + 1)) * 1_000)
                }
                view.removeFromSuperview()
                workload.run(for: 0.4)
            }
            result("impression_lateness_ms_median_\(suffix)", percentile(lateness, 0.5))
            result("impression_lateness_ms_max_\(suffix)", percentile(lateness, 1))

            // A 60 Hz animation on the main thread for 2 s.
            let moving = container.subviews.first
            let animation = Timer(fire: Date(), interval: 1.0 / 60, repeats: true) { _ in
                MainActor.assumeIsolated { moving?.frame.origin.y += 0.5 }
            }
            RunLoop.main.add(animation, forMode: .default)
            let scansBeforeAnimation = workload.tracker.statistics.scanCount
            workload.run(for: 2)
            animation.invalidate()
            result(
                "scans_per_s_under_change_\(suffix)",
                Double(workload.tracker.statistics.scanCount - scansBeforeAnimation) / 2
            )
            workload.tearDown()
        }
    }
}
