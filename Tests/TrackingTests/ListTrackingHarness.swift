import TestSupport
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A screen shown in a settled 400 × 800 key window, with a tracker on a manual clock and a
/// `minimumVisibleDuration` of 0: the setup the table and collection view tracking tests share.
@MainActor
struct ListTrackingHarness {
    /// The key window showing the screen; the test keeps it for as long as the screen must show.
    let window: UIWindow
    private let clock = ManualTrackingClock()
    private let tracker: Tracker

    /// Shows `controller` as the root of a key window, settles it, then starts the tracker.
    init(showing controller: UIViewController) {
        var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
        configuration.minimumVisibleDuration = 0
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        Headless.settle()
        tracker = Tracker(configuration: configuration, sinks: [InMemoryTrackingSink()])
    }

    /// Advances the clock by 0.1 s, runs an update cycle and scans: the summaries of the events emitted.
    func scan() -> [String] {
        clock.advance(by: 0.1)
        Headless.runUpdateCycle()
        return tracker.scanNow().map(\.summary)
    }
}
