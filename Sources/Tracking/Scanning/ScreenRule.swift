#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Which screen a tracked element belongs to: the one rule that the scanner (for impressions) and the tap
/// capture (for taps, without a scan) both apply.
///
/// - A *screen root* is the root view (`viewIfLoaded`) of a view controller carrying a ``TrackingScreen``,
///   or a SwiftUI screen anchor (`View.trackingScreen(_:)`), in a window.
/// - An element anchor given a screen through SwiftUI's environment (``TrackingAnchor/environmentScreen``)
///   belongs to that screen: SwiftUI anchors are siblings in the hosting view, so the view tree cannot say.
/// - Any other element belongs to the nearest screen root at or above its view (by `superview`), or to no
///   screen.
///
/// The scanner finds screen roots from the store (``rootView(of:)``, ``screen(declaredBy:of:)``) and marks
/// them before its walk; the tap capture walks up from the tapped view (``screen(ofElementAt:in:)``).
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
enum ScreenRule {
    // MARK: - Internal

    /// A tracked controller's screen root: its root view once loaded and in a window, else `nil`.
    static func rootView(of controller: UIViewController) -> UIView? {
        guard let root = controller.viewIfLoaded, root.window != nil else { return nil }
        return root
    }

    /// The screen an anchor view stands for (a screen anchor in a window), else `nil`.
    static func screen(declaredBy anchor: TrackingAnchor, of view: UIView) -> TrackingScreen? {
        guard let screen = anchor.screen, view.window != nil else { return nil }
        return screen
    }

    /// The screen an element anchor names through SwiftUI's environment; it wins over the view tree.
    static func environmentScreen(of anchor: TrackingAnchor?) -> TrackingScreen? {
        anchor?.environmentScreen
    }

    /// The screen `view` is the root of, if any: a tracked controller's root view or a screen anchor.
    static func screen(rootedAt view: UIView, in store: TrackingComponentStore) -> TrackingScreen? {
        if let controller = view.next as? UIViewController, controller.viewIfLoaded === view,
           let screen = store.screen(for: controller), rootView(of: controller) != nil {
            return screen
        }
        if let anchor = store.anchor(for: view) { return screen(declaredBy: anchor, of: view) }
        return nil
    }

    /// The screen of the element carried by `view`, found by walking up from it (O(depth), no scan).
    /// - Parameters:
    ///   - view: A view carrying an element.
    ///   - store: Where the components are.
    ///   - visits: Counts each view looked at.
    static func screen(ofElementAt view: UIView, in store: TrackingComponentStore, visits: inout Int) -> TrackingScreen? {
        if let screen = environmentScreen(of: store.anchor(for: view)) { return screen }
        var current: UIView? = view
        var depth = 0
        while let candidate = current, depth < maximumDepth {
            visits += 1
            if let screen = screen(rootedAt: candidate, in: store) { return screen }
            current = candidate.superview
            depth += 1
        }
        return nil
    }

    /// Bounded like the scan: a hierarchy deeper than this is broken.
    static let maximumDepth = 4_096
}
