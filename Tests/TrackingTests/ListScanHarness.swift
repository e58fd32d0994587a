#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import TestSupport
@testable import Tracking

/// The table and collection view tests' setup: a view controller shown in a 400×800 key window, settled, and
/// a tracker that counts an element at once (no minimum duration) on a manual clock.
@MainActor
final class ListScanHarness {
    let window: UIWindow
    let tracker: Tracker

    init(showing controller: UIViewController) {
        var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
        configuration.minimumVisibleDuration = 0
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        Headless.settle()
        tracker = Tracker(configuration: configuration, sinks: [InMemoryTrackingSink()])
    }

    /// One scan 0.1 s after the previous one, after an update cycle: the summaries of its events.
    func scan() -> [String] {
        clock.advance(by: 0.1)
        Headless.runUpdateCycle()
        return tracker.scanNow().map(\.summary)
    }

    private let clock = ManualTrackingClock()
}
