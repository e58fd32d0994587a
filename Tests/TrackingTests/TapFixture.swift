import Foundation
import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Windows, screens, tracked views, a tracker on a manual clock and real taps, for the tap capture tests.
@MainActor
final class TapFixture {
    /// Like an app's scene delegate, the tests keep their windows alive (emptied in `tearDown`).
    static var shownWindows: [UIWindow] = []

    let clock = ManualTrackingClock()
    let log = DiagnosticLog()
    let sink = InMemoryTrackingSink()
    /// The clock's date when the fixture was made.
    let start: Date

    init() {
        start = clock.now().date
    }

    /// The summaries of what the sink received, rage taps with their count.
    var summaries: [String] {
        sink.events.map { event in event.summary + (event.tapCount.map { " taps=\($0)" } ?? "") }
    }

    /// ``summaries`` of the taps and rage taps only (for tests in which scheduled scans may run).
    var tapSummaries: [String] {
        sink.events.filter { $0.kind == .tap || $0.kind == .rageTap }.map { event in
            event.summary + (event.tapCount.map { " taps=\($0)" } ?? "")
        }
    }

    @discardableResult
    func show(_ root: UIViewController, frame: CGRect = CGRect(x: 0, y: 0, width: 400, height: 800)) -> UIWindow {
        let window = UIWindow(frame: frame)
        window.rootViewController = root
        window.makeKeyAndVisible()
        Self.shownWindows.append(window)
        Headless.settle()
        return window
    }

    /// A tracked screen with an opaque view, as a real screen's background is.
    func screen(_ name: TrackingScreenName) -> UIViewController {
        let controller = UIViewController()
        controller.trackingScreen = TrackingScreen(screenName: name)
        controller.view.backgroundColor = .white
        return controller
    }

    @discardableResult
    func element(_ type: TrackingElementType, id: String? = nil, frame: CGRect, in parent: UIView) -> UIView {
        let view = UIView(frame: frame)
        view.trackingElement = TrackingElement(elementType: type, identifier: id)
        parent.addSubview(view)
        return view
    }

    /// A started tracker recording into ``sink`` on ``clock``.
    func startedTracker(
        capturesTaps: Bool = true, minimumAlpha: Double = 0.01, rageTapCount: Int = 4, rageTapInterval: TimeInterval = 1,
        beforeSend: [@Sendable (TrackingEvent) -> TrackingEvent?] = []
    ) -> Tracker {
        var configuration = TrackingConfiguration.testing(clock: clock, log: log)
        configuration.capturesTaps = capturesTaps
        configuration.minimumAlpha = minimumAlpha
        configuration.minimumVisibleDuration = 1
        configuration.rageTapCount = rageTapCount
        configuration.rageTapInterval = rageTapInterval
        configuration.beforeSend = beforeSend
        let tracker = Tracker(configuration: configuration, sinks: [sink])
        tracker.start()
        return tracker
    }

    /// A finger down and up at `point` of `window`, through the window's `sendEvent(_:)`, at the clock's time.
    func tap(at point: CGPoint, in window: UIWindow) {
        Headless.tap(at: point, in: window, timestamp: clock.now().uptime)
    }
}
