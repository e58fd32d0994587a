#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import BenchmarkSupport
import Foundation
import Tracking

/// A generated app-like hierarchy in a key window, a started tracker with tap capture on or off, and the
/// points to tap: the centre of a visible tracked cell, and a point on nothing tracked.
@MainActor
final class TapWorkload {
    let hierarchy: GeneratedHierarchy
    let tracker: Tracker
    let sink = CountingSink()
    /// Where a tap is attributed to a tracked element (when capture is on).
    let trackedPoint: CGPoint
    /// Where a tap lands on no tracked element.
    let untrackedPoint: CGPoint

    init(configuration: BenchmarkConfiguration, capturesTaps: Bool, storage: URL) {
        Headless.reset()
        hierarchy = GeneratedHierarchy(configuration)
        var trackingConfiguration = TrackingConfiguration()
        trackingConfiguration.storageDirectory = storage
        trackingConfiguration.capturesTaps = capturesTaps
        // The defaults (ratio 0.5, alpha 0.01) are the generated hierarchies' thresholds.
        trackingConfiguration.diagnosticHandler = { _ in }
        tracker = Tracker(configuration: trackingConfiguration, sinks: [sink])
        let window = hierarchy.window
        // The floating overlay's card (an opaque card in front of the feed, holding a label and a button), tracked
        // like a promotion card: a tap on its button is attributed to it. Outside the scroll view on purpose:
        // there HeadlessUIKit delivers touches from the run loop in tracking mode, about 10 ms of harness
        // latency that would swamp the figures.
        trackedPoint = CGPoint(x: 16 + 16 + 60, y: 640 + 20 + 50 + 18)
        if let button = window.hitTest(trackedPoint, with: nil), let card = button.superview {
            card.trackingElement = TrackingElement(elementType: "overlay_card")
        }
        // The tab bar along the bottom is opaque and untracked.
        untrackedPoint = CGPoint(x: window.bounds.midX, y: window.bounds.maxY - 10)
        tracker.start()
    }

    func tearDown() {
        tracker.stop()
        hierarchy.tearDown()
        Headless.reset()
    }
}

/// Counts what it receives, so that a benchmark can check taps were recorded.
final class CountingSink: TrackingSink, @unchecked Sendable {
    // Main thread only: taps and scans deliver there.
    private(set) var count = 0

    func receive(_ event: TrackingEvent) {
        count += 1
    }
}
