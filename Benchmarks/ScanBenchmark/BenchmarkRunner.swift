import BenchmarkSupport
import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Builds each configuration's hierarchy and times the implementations side by side on it: warm-up,
/// allocation count, then interleaved rounds (the order rotates every round, so drift in the machine's speed
/// spreads evenly over them). Each sample is one untimed scan, to warm the caches after whatever ran before,
/// then a timed batch of scans lasting at least ~100 µs, averaged.
@MainActor
struct BenchmarkRunner {
    // MARK: - Internal

    let options: RunnerOptions

    /// Measures one configuration; the hierarchy is torn down and released before returning.
    func measure(_ configuration: BenchmarkConfiguration) -> ConfigurationResult {
        Headless.reset()
        let buildStart = clock.now
        let hierarchy = GeneratedHierarchy(configuration)
        let buildMilliseconds = Self.nanoseconds(buildStart.duration(to: clock.now)) / 1e6
        defer {
            hierarchy.tearDown()
            Headless.reset()
        }
        let ours = OurScan(window: hierarchy.window)
        let implementations: [(any ScanImplementation, Int)] = [
            (ours, hierarchy.expectedVisibleCount),
            (NaiveScan(window: hierarchy.window), hierarchy.expectedVisibleCountIgnoringOcclusion),
            (PerViewScan(trackedViews: hierarchy.trackedViews), hierarchy.expectedVisibleCountIgnoringOcclusion),
            (FloorScan(window: hierarchy.window), hierarchy.viewCount),
            (FlatFloorScan(window: hierarchy.window), hierarchy.viewCount),
        ]

        // Warm-up: caches, buffers grown to their steady size, answers checked.
        var answers = [Int](repeating: 0, count: implementations.count)
        var estimates = [Double](repeating: 0, count: implementations.count)
        for (index, (implementation, _)) in implementations.enumerated() {
            for _ in 0..<3 { answers[index] = implementation.scan() }
            let start = clock.now
            answers[index] = implementation.scan()
            estimates[index] = max(Self.nanoseconds(start.duration(to: clock.now)), 1)
        }
        let viewsVisited = ours.viewsVisited
        // The oracle must agree with the steady-state scan in full (which views, which ratios), and every
        // timed scan below must give its count.
        var exact = hierarchy.oracle.agrees(with: ours.visibleRatios)
        let allocations = implementations.map { implementation, _ in
            AllocationCounting.allocationsPerCall(repetitions: 5) { _ = implementation.scan() }
        }

        // Batches of at least ~100 µs, and as many rounds as fit the time budget.
        let batches = estimates.map { max(1, Int((100_000 / $0).rounded(.up))) }
        let timed = implementations.map { options.only == nil || $0.0.name == options.only }
        let roundCost = estimates.indices.reduce(0.0) { $0 + (timed[$1] ? estimates[$1] * Double(batches[$1] + 1) : 0) }
        let affordable = Int(options.secondsPerConfiguration * 1e9 / max(roundCost, 1))
        let rounds = max(min(options.repetitions, affordable), min(9, options.repetitions))
        var samples = [[Double]](repeating: [], count: implementations.count)
        var sink = 0
        for round in 0..<rounds {
            for step in 0..<implementations.count {
                let index = (round + step) % implementations.count
                guard timed[index] else { continue }
                let implementation = implementations[index].0
                // One untimed scan first: every sample is then a warm steady state, whatever ran before it.
                sink &+= implementation.scan()
                var answers = 0
                let start = clock.now
                for _ in 0..<batches[index] { answers &+= implementation.scan() }
                samples[index].append(Self.nanoseconds(start.duration(to: clock.now)) / Double(batches[index]))
                sink &+= answers
                if index == 0, answers != batches[index] &* hierarchy.expectedVisibleCount { exact = false }
            }
        }
        Self.blackHole &+= sink
        if !hierarchy.oracle.agrees(with: ours.visibleRatios) { exact = false }

        return ConfigurationResult(
            configuration: configuration, viewCount: hierarchy.viewCount,
            trackedCount: hierarchy.trackedViews.count, maximumDepth: hierarchy.maximumDepth,
            viewsVisitedByOurs: viewsVisited, buildMilliseconds: buildMilliseconds, oracleAgreed: exact,
            implementations: implementations.indices.map { index in
                ImplementationResult(
                    name: implementations[index].0.name, answer: answers[index],
                    expectedAnswer: implementations[index].1, samples: samples[index], batch: batches[index],
                    allocationsPerScan: allocations[index]
                )
            }
        )
    }

    /// Allocations per scan of the scanner's connected-scenes entry point (`scan(into:)`, the tracker's), on
    /// a small hierarchy: it differs from `scan(windows:into:)` only by asking the scene for its windows.
    func connectedScenesAllocations() -> Double {
        Headless.reset()
        let hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .wide, viewCount: 1_000, density: .dense))
        defer {
            hierarchy.tearDown()
            Headless.reset()
        }
        let ours = OurScan(window: hierarchy.window)
        for _ in 0..<3 { _ = ours.scanConnectedScenes() }
        return AllocationCounting.allocationsPerCall(repetitions: 5) { _ = ours.scanConnectedScenes() }
    }

    /// Allocations per steady-state `Tracker.scanNow()` on wide-1000-dense: the whole tick (transition check,
    /// scan of the connected scenes, recording) with a tracked screen, every tracked view already recorded
    /// and no transition in flight.
    func trackerScanAllocations() -> Double {
        Headless.reset()
        let hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .wide, viewCount: 1_000, density: .dense))
        let storage = Self.temporaryStorage()
        defer {
            hierarchy.tearDown()
            Headless.reset()
            try? FileManager.default.removeItem(at: storage)
        }
        var configuration = TrackingConfiguration()
        configuration.storageDirectory = storage
        // Recorded by the first scan: the measured ones deliver nothing.
        configuration.minimumVisibleDuration = 0
        let tracker = Tracker(configuration: configuration, sinks: [])
        for _ in 0..<3 { tracker.scanNow() }
        return AllocationCounting.allocationsPerCall(repetitions: 5) { tracker.scanNow() }
    }

    /// Allocations per steady-state scan of the connected scenes on wide-1000-dense with SwiftUI anchors
    /// over it, as a hosting view holds them: a screen anchor, 20 element anchors (15 given that screen
    /// through the environment, 5 a screen no anchor stands for) and 2 occluder anchors.
    func anchoredScanAllocations() -> Double {
        Headless.reset()
        let hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .wide, viewCount: 1_000, density: .dense))
        defer {
            hierarchy.tearDown()
            Headless.reset()
        }
        let hostingView = UIView(frame: hierarchy.window.bounds)
        hierarchy.window.addSubview(hostingView)
        let screen = TrackingScreen(screenName: "swiftui_screen")
        let screenAnchor = TrackingAnchorView()
        screenAnchor.frame = hostingView.bounds
        screenAnchor.screen = screen
        hostingView.addSubview(screenAnchor)
        for index in 0..<20 {
            let anchor = TrackingAnchorView()
            anchor.frame = CGRect(x: 0, y: CGFloat(index * 40), width: 390, height: 40)
            anchor.element = TrackingElement(elementType: "anchor", identifier: "\(index)")
            anchor.environmentScreen = index % 4 == 0 ? TrackingScreen(screenName: "unanchored") : screen
            hostingView.addSubview(anchor)
        }
        for index in 0..<2 {
            let anchor = TrackingAnchorView()
            anchor.frame = CGRect(x: 0, y: CGFloat(300 + index * 200), width: 390, height: 100)
            anchor.isOccluder = true
            hostingView.addSubview(anchor)
        }
        let ours = OurScan(window: hierarchy.window)
        for _ in 0..<3 { _ = ours.scanConnectedScenes() }
        return AllocationCounting.allocationsPerCall(repetitions: 5) { _ = ours.scanConnectedScenes() }
    }

    /// A new directory path under the system's temporary one, for a benchmark tracker's storage: trackers keep
    /// their anonymous id on disk, and never in the user's own storage. The caller removes it.
    static func temporaryStorage() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("sightline-benchmark-\(UUID().uuidString)", isDirectory: true)
    }

    /// How long `body` took, in nanoseconds.
    static func nanoseconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        return nanoseconds(start.duration(to: clock.now))
    }

    /// The median of `samples` (the upper middle one of an even count); `samples` must not be empty.
    static func median(_ samples: [Double]) -> Double {
        samples.sorted()[samples.count / 2]
    }

    // MARK: - Private

    private let clock = ContinuousClock()
    /// The sum of the timed scans' answers, kept so the scans cannot be optimized away.
    private static var blackHole = 0

    private static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
