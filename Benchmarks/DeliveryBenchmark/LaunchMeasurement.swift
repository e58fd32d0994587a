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

    /// One `init` + `start()` on the main thread between two marker calls (`access(2)` of paths that do not
    /// exist), for `launch-syscalls.sh` to count the file-system calls strace sees the main thread make in
    /// between; then waits for the load and delivers the launch's events, outside the markers.
    /// First makes what UIKit has made before any app code runs, whose first use reads files in a bare
    /// process: the main bundle's Info.plist, the current locale and time zone, a random UUID.
    @MainActor
    static func once(directory: URL, delivery: Bool) {
        _ = (Bundle.main.object(forInfoDictionaryKey: "CFBundleName"), Bundle.main.bundleIdentifier)
        _ = (ProcessInfo.processInfo.processName, Locale.current.identifier, TimeZone.current.identifier, UUID())
        access("/.sightline-launch-begin", F_OK)
        let tracker = makeTracker(directory: directory, delivery: delivery)
        tracker.start()
        access("/.sightline-launch-end", F_OK)
        tracker.track("Measured")
        tracker.stop()
    }

    /// Microseconds of `init` + `start()` on the main thread; the tracker is then released, once its launch
    /// is delivered (not measured).
    @MainActor
    private static func measure(directory: URL, delivery: Bool) -> Double {
        let start = now()
        let tracker = makeTracker(directory: directory, delivery: delivery)
        tracker.start()
        let elapsed = Double(now() - start) / 1_000
        // A call delivers the launch's events now (unmeasured), before the next tracker opens the same queue.
        tracker.track("Measured")
        tracker.stop()
        return elapsed
    }

    /// A tracker on `directory`, with a `DeliverySink` (as `Tracker(writeKey:)` makes) or an in-memory sink.
    @MainActor
    private static func makeTracker(directory: URL, delivery: Bool) -> Tracker {
        var configuration = TrackingConfiguration()
        configuration.storageDirectory = directory
        return delivery
            ? Tracker(configuration: configuration, delivery: DeliveryWorkload.configuration(root: directory.appendingPathComponent("Delivery", isDirectory: true)))
            : Tracker(configuration: configuration, sinks: [InMemoryTrackingSink()])
    }
}
