#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// What per-view impression libraries do: every tracked view checks itself, walking up its own ancestors to
/// the window, with no sharing between views.
///
/// The walk is the efficient version of that approach: one pass up, mapping the view's rectangle into each
/// superview's bounds coordinates by hand (`center`, `bounds`, `transform`; no `convert(_:to:)`), clipping it
/// by every `clipsToBounds` ancestor and the window, multiplying alphas, stopping at a hidden ancestor, and
/// attributing the view to the nearest root view of a controller with a screen. No occlusion: its answer is
/// ``GeneratedHierarchy/expectedVisibleCountIgnoringOcclusion``. The list of tracked views is given, as such
/// libraries keep one.
@MainActor
package final class PerViewScan: ScanImplementation {
    // MARK: - Package

    package let name = "per-view"

    /// - Parameter trackedViews: The views that check themselves.
    package init(trackedViews: [UIView]) {
        self.trackedViews = trackedViews
    }

    /// Screens the last scan attributed visible views to (for checking; counts repeats).
    package private(set) var attributedCount = 0

    package func scan() -> Int {
        var visible = 0
        attributedCount = 0
        for view in trackedViews where isVisible(view) {
            visible += 1
        }
        return visible
    }

    // MARK: - Private

    private let trackedViews: [UIView]

    private func isVisible(_ view: UIView) -> Bool {
        guard view.window != nil, !view.isHidden else { return false }
        var alpha = Self.clamped(view.alpha)
        var rect = view.bounds
        let fullArea = Self.area(rect)
        guard fullArea > 0 else { return false }
        var screen: TrackingScreen?
        var current = view
        while let superview = current.superview {
            rect = Self.rect(rect, inSuperviewOf: current)
            guard !superview.isHidden else { return false }
            alpha *= Self.clamped(superview.alpha)
            if superview.clipsToBounds || superview is UIWindow {
                rect = rect.intersection(superview.bounds)
            }
            if screen == nil, let controller = superview.next as? UIViewController {
                screen = controller.trackingScreen
            }
            current = superview
        }
        guard alpha > 0, alpha >= HierarchyModel.minimumAlpha else { return false }
        let ratio = Self.area(rect) / fullArea
        guard ratio > 0, ratio >= HierarchyModel.minimumVisibleRatio else { return false }
        if screen != nil { attributedCount += 1 }
        return true
    }

    /// `rect`, in `view`'s bounds coordinates, in its superview's bounds coordinates (the bounding box when
    /// `view` is transformed, as `convert(_:to:)` returns it).
    private static func rect(_ rect: CGRect, inSuperviewOf view: UIView) -> CGRect {
        let bounds = view.bounds, center = view.center, transform = view.transform
        let local = rect.offsetBy(dx: -bounds.midX, dy: -bounds.midY)
        let moved = transform.isIdentity ? local : local.applying(transform)
        return moved.offsetBy(dx: center.x, dy: center.y)
    }

    private static func clamped(_ alpha: CGFloat) -> Double {
        let value = Double(alpha)
        return value > 0 ? min(value, 1) : 0
    }

    private static func area(_ rect: CGRect) -> Double {
        guard !rect.isNull, !rect.isEmpty else { return 0 }
        return Double(rect.width) * Double(rect.height)
    }
}
