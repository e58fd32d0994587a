import Foundation
import Tracking

/// `launch_main_us`: the main thread's cost of `Tracker(configuration:delivery:)` + `start()`, cold (the first
/// tracker of the process) and warm (the median of 20 more), on a storage directory that a previous run left
/// (run the mode twice: the second run is a relaunch, with identity, session, version and consent files to
/// read). Also the same for a tracker whose only sink is in memory (no delivery store).
enum LaunchMeasurement {
    /// Prints the figures for `directory` and returns.
    @MainActor
    static func run(directory: URL) {
        let cold = measure(directory: directory, delivery: true)
        result("launch_main_us_cold", cold)
        var warm: [Double] = []
        var memoryOnly: [Double] = []
        for _ in 0..<20 {
            warm.append(measure(directory: directory, delivery: true))
            memoryOnly.append(measure(directory: directory, delivery: false))
        }
        result("launch_main_us_warm_median", percentile(warm.sorted(), 0.5))
        result("launch_main_us_warm_memory_sink_median", percentile(memoryOnly.sorted(), 0.5))
    }

    /// Microseconds of `init` + `start()` on the main thread; the tracker is then released, once its launch
    /// is delivered (not measured).
    @MainActor
    private static func measure(directory: URL, delivery: Bool) -> Double {
        var configuration = TrackingConfiguration()
        configuration.storageDirectory = directory
        let start = now()
        let tracker = delivery
            ? Tracker(configuration: configuration, delivery: DeliveryWorkload.configuration(root: directory.appendingPathComponent("Delivery")))
            : Tracker(configuration: configuration, sinks: [InMemoryTrackingSink()])
        tracker.start()
        let elapsed = Double(now() - start) / 1_000
        _ = tracker.identity
        tracker.stop()
        return elapsed
    }
}
