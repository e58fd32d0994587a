#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import BenchmarkSupport
import Foundation
import Tracking

/// How the workload's tracker is scheduled.
enum Scheduling: String, CaseIterable {
    /// Today's: the tracker observes the main run loop and arms one-shot timers.
    case changeDriven = "change"
    /// The previous scheduler's behaviour: a repeating timer at `scansPerSecond` whose every tick scans.
    case repeatingTimer = "timer"
}

/// A generated app-like hierarchy in a key window with a tracker at the default rules (4 scans a second,
/// 50 % for 1 s), scheduled one way or the other, and the figures of issue 32 measured on the real main run loop.
@MainActor
final class RestWorkload {
    let hierarchy: GeneratedHierarchy
    let tracker: Tracker
    let scheduling: Scheduling
    /// Uptime of each impression's delivery (the main thread delivers scanned events).
    private(set) var impressionDeliveries: [Double] = []
    /// Uptime of each scan.
    private(set) var scans: [Double] = []
    private var timer: Timer?

    init(viewCount: Int, scheduling: Scheduling, storage: URL) {
        Headless.reset()
        self.scheduling = scheduling
        hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .appLike, viewCount: viewCount, density: .sparse))
        var configuration = TrackingConfiguration()
        configuration.storageDirectory = storage
        configuration.tracksApplicationLifecycleEvents = false
        configuration.diagnosticHandler = { _ in }
        let sink = UptimeSink()
        tracker = Tracker(configuration: configuration, sinks: [sink])
        sink.onImpression = { [unowned self] in impressionDeliveries.append(Self.uptime) }
        tracker.scanObserver = { [unowned self] _ in scans.append(Self.uptime) }
        switch scheduling {
        case .changeDriven:
            tracker.start()
        case .repeatingTimer:
            let interval = 1 / configuration.scansPerSecond
            let timer = Timer(fire: Date().addingTimeInterval(interval), interval: interval, repeats: true) { [weak self] _ in
                MainActor.assumeIsolated { _ = self?.tracker.scanNow() }
            }
            RunLoop.main.add(timer, forMode: .default)
            self.timer = timer
        }
    }

    static var uptime: Double { ProcessInfo.processInfo.systemUptime }

    /// Runs the main loop in `.default` for `seconds`: one entry and one wake at its end, unless the loop handles a
    /// source (a main-queue block, such as the tracker's start-up work coming back from its queue). Then
    /// `run(mode:before:)` returns at once, and the loop is entered again until the time is up, as an app's main
    /// loop, which never returns, would go on running; the wake that brought the source is the app's own.
    func run(for seconds: Double) {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end, RunLoop.main.run(mode: .default, before: end) {}
    }

    /// Runs `change` from a main-thread timer `after` seconds into a run of `seconds`; returns the change's uptime.
    func runChanging(after delay: Double, for seconds: Double, _ change: @escaping @MainActor () -> Void) -> Double {
        let changedAt = Box()
        let timer = Timer(fire: Date().addingTimeInterval(delay), interval: 0, repeats: false) { _ in
            MainActor.assumeIsolated {
                changedAt.value = Self.uptime
                change()
            }
        }
        RunLoop.main.add(timer, forMode: .default)
        run(for: seconds)
        return changedAt.value
    }

    func firstScan(after uptime: Double) -> Double? {
        scans.first { $0 >= uptime }
    }

    func tearDown() {
        timer?.invalidate()
        tracker.stop()
        hierarchy.tearDown()
        Headless.reset()
    }
}

@MainActor
private final class Box {
    var value = Double.nan
}

/// Calls back for each impression it receives (on the main thread, where scans deliver).
final class UptimeSink: TrackingSink, @unchecked Sendable {
    var onImpression: () -> Void = {}

    func receive(_ event: TrackingEvent) {
        if event.kind == .impression { onImpression() }
    }
}
