#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Finds the tracked element under a person's finger without a scan: the touch itself proves what was in
/// front at its point, because UIKit hit-tested it there.
///
/// ## The element
/// 1. Among the subviews of the hit-test view that contain the point, front-most first and recursively, the
///    first that carries a ``TrackingElement``. Hit-testing passed over them because they take no touches
///    (SwiftUI anchors, a plain `UILabel` or `UIImageView`), yet they are what the person sees there. The
///    search sees them as hit-testing would: it skips hidden views, views with alpha below 0.01 and views
///    whose `point(inside:with:)` is false (so a view outside its parent's bounds is not reached), and an
///    opaque view (alpha 1, an opaque background colour, or an occluder anchor) ends it: what lies behind
///    is covered.
/// 2. Else the hit-test view itself or its nearest ancestor (by `superview`) that carries an element.
///
/// The element then counts only when it, its ancestors and its window are not hidden and the product of
/// their alphas is above 0 and at least the tracker's `minimumAlpha`, as for impressions. Its screen is the
/// ``ScreenRule``'s. Occlusion and the visible-ratio threshold are not judged: the finger landed on it.
///
/// ## Cost
/// Walks up from the hit-test view (and from the element) to the window: O(depth). The search down looks
/// only at the subviews of views under the finger, so it does not grow with the rest of the hierarchy
/// (cells elsewhere in a list, other screens, other windows). ``viewsVisited`` counts every view looked at.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
struct TapTargetFinder {
    // MARK: - Internal

    /// Where the components are.
    let store: TrackingComponentStore
    /// The alpha product below which an element is not seen, in `[0, 1]`.
    let minimumAlpha: Double
    /// The views the last ``findTarget(hitView:window:point:)`` looked at.
    private(set) var viewsVisited = 0

    /// - Parameters:
    ///   - store: Where the components are.
    ///   - minimumAlpha: The alpha product below which an element is not seen.
    init(store: TrackingComponentStore, minimumAlpha: Double) {
        self.store = store
        self.minimumAlpha = minimumAlpha
    }

    /// The tracked element under the finger, or `nil` when there is none the person can see.
    /// - Parameters:
    ///   - hitView: The touch's hit-test view.
    ///   - window: The window touched.
    ///   - point: Where the finger came down, in `window`'s coordinates.
    mutating func findTarget(hitView: UIView, window: UIWindow, point: CGPoint) -> TapTarget? {
        viewsVisited = 0
        let pointInHitView = hitView.convert(point, from: window)
        guard let view = frontMostTrackedSubview(of: hitView, at: pointInHitView, depth: 0)
            ?? nearestTrackedView(from: hitView),
            let element = store.element(for: view), isSeen(view, in: window) else { return nil }
        let screen = ScreenRule.screen(ofElementAt: view, in: store, visits: &viewsVisited)
        return TapTarget(view: view, element: element, screen: screen, position: Self.position(of: point, in: view, window: window))
    }

    /// Where `point` of `window` lies in the window and within `view`; `nil` if the geometry is not finite.
    static func position(of point: CGPoint, in view: UIView, window: UIWindow) -> TrackingTapPosition? {
        let local = view.convert(point, from: window)
        let bounds = view.bounds
        let position = TrackingTapPosition(
            x: Double(point.x), y: Double(point.y),
            elementX: fraction(local.x - bounds.minX, of: bounds.width),
            elementY: fraction(local.y - bounds.minY, of: bounds.height)
        )
        guard position.x.isFinite, position.y.isFinite, position.elementX.isFinite, position.elementY.isFinite else {
            return nil
        }
        return position
    }

    // MARK: - Private

    /// Bounds against broken hierarchies (cycles, absurd depth): no real tap reaches them.
    private static let maximumDepth = ScreenRule.maximumDepth
    private static let maximumSearchDepth = 64
    private static let maximumSearchVisits = 4_096
    /// UIKit's hit-testing skips views below this alpha.
    private static let hitTestMinimumAlpha: CGFloat = 0.01

    /// `offset` as a fraction of `length`, in `[0, 1]` (the middle for an empty length).
    private static func fraction(_ offset: CGFloat, of length: CGFloat) -> Double {
        guard length > 0 else { return 0.5 }
        return min(max(Double(offset / length), 0), 1)
    }

    /// The front-most tracked view among `parent`'s subviews (recursively) that contains `point` (in
    /// `parent`'s coordinates), as hit-testing sees them; `nil` when an opaque view in front covers the rest.
    private mutating func frontMostTrackedSubview(of parent: UIView, at point: CGPoint, depth: Int) -> UIView? {
        guard depth < Self.maximumSearchDepth else { return nil }
        let subviews = parent.subviews
        for subview in subviews.reversed() {
            guard viewsVisited < Self.maximumSearchVisits else { return nil }
            viewsVisited += 1
            guard !subview.isHidden, subview.alpha >= Self.hitTestMinimumAlpha else { continue }
            let local = subview.convert(point, from: parent)
            guard subview.point(inside: local, with: nil) else { continue }
            if store.element(for: subview) != nil { return subview }
            if let found = frontMostTrackedSubview(of: subview, at: local, depth: depth + 1) { return found }
            if covers(subview) { return nil }
        }
        return nil
    }

    /// Whether `view` hides what lies behind it: opaque by the scanner's rule, or an occluder anchor.
    private func covers(_ view: UIView) -> Bool {
        guard view.alpha >= 1 else { return false }
        return VisibilityScanner.isOpaque(view.backgroundColor) || store.anchor(for: view)?.isOccluder == true
    }

    /// The nearest view at or above `view` (by `superview`) that carries an element.
    private mutating func nearestTrackedView(from view: UIView) -> UIView? {
        var current: UIView? = view
        var depth = 0
        while let candidate = current, depth < Self.maximumDepth {
            viewsVisited += 1
            if store.element(for: candidate) != nil { return candidate }
            current = candidate.superview
            depth += 1
        }
        return nil
    }

    /// Whether `view` is in `window` and neither it nor an ancestor is hidden, with an alpha product above 0
    /// and at least ``minimumAlpha``.
    private mutating func isSeen(_ view: UIView, in window: UIWindow) -> Bool {
        var alpha = 1.0
        var current: UIView? = view
        var depth = 0
        while let candidate = current, depth < Self.maximumDepth {
            viewsVisited += 1
            guard !candidate.isHidden else { return false }
            alpha *= VisibilityScanner.clampedAlpha(candidate.alpha)
            if candidate === window { return alpha > 0 && alpha >= minimumAlpha }
            current = candidate.superview
            depth += 1
        }
        return false
    }
}
