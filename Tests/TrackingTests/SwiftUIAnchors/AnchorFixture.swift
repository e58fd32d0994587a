import TestSupport
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// What a `UIHostingController` builds for the SwiftUI modifiers, built by hand on HeadlessUIKit: the
/// hosting controller's view holds the anchors as siblings (SwiftUI lays every platform view out in the
/// hosting view, or in the scroll view a `ScrollView` or `List` is backed by), each anchor with its
/// SwiftUI view's frame. A real tracker on a manual clock scans it: 50 % for 1 s.
@MainActor
final class AnchorFixture {
    let clock = ManualTrackingClock()
    let sink = InMemoryTrackingSink()
    let tracker: Tracker
    let window: UIWindow
    /// Windows the test shows besides the fixture's (kept alive like an app's scene delegate keeps them).
    var otherWindows: [UIWindow] = []

    /// A 400 × 800 window whose root is `root`.
    init(root: UIViewController) {
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.rootViewController = root
        window.makeKeyAndVisible()
        Headless.settle()
        var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
        configuration.minimumVisibleDuration = 1
        tracker = Tracker(configuration: configuration, sinks: [sink])
    }

    /// Advances the clock, lays out, scans once and returns the events' summaries.
    func scan(after seconds: TimeInterval = 0) -> [String] {
        clock.advance(by: seconds)
        Headless.runUpdateCycle()
        return tracker.scanNow().map(\.summary)
    }

    /// The visibility report's verdict for the element or screen.
    func verdict(of subject: VisibilityReport.Subject) -> VisibilityReport.Verdict? {
        tracker.visibilityReport().entries.first { $0.subject == subject }?.verdict
    }

    /// An element anchor, as `.trackingElement(_:)` places it, given the environment's screen.
    @discardableResult
    static func elementAnchor(
        _ type: TrackingElementType, _ identifier: String? = nil, frame: CGRect, in parent: UIView,
        environmentScreen: TrackingScreen? = nil
    ) -> TrackingAnchorView {
        let anchor = TrackingAnchorView()
        anchor.frame = frame
        anchor.element = TrackingElement(elementType: type, identifier: identifier)
        anchor.environmentScreen = environmentScreen
        parent.addSubview(anchor)
        return anchor
    }

    /// A screen anchor, as `.trackingScreen(_:)` places it.
    @discardableResult
    static func screenAnchor(_ screen: TrackingScreen, frame: CGRect, in parent: UIView) -> TrackingAnchorView {
        let anchor = TrackingAnchorView()
        anchor.frame = frame
        anchor.screen = screen
        parent.addSubview(anchor)
        return anchor
    }

    /// An occluder anchor, as `.trackingOccluder()` places it.
    @discardableResult
    static func occluderAnchor(frame: CGRect, in parent: UIView) -> TrackingAnchorView {
        let anchor = TrackingAnchorView()
        anchor.frame = frame
        anchor.isOccluder = true
        parent.addSubview(anchor)
        return anchor
    }

    /// A controller standing for a `UIHostingController`, with its screen if any.
    static func hostingController(screen: TrackingScreenName? = nil) -> UIViewController {
        let host = UIViewController()
        if let screen { host.trackingScreen = TrackingScreen(screenName: screen) }
        return host
    }
}
