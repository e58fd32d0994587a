#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// What the tracker's scanner makes of every tracked view and screen that is in a window right now, and
/// why: for debugging screens that "should have been tracked", and for drawing what a scan sees.
///
/// ```swift
/// for entry in tracker.visibilityReport().entries where entry.verdict != .visible {
///     print(entry.subject, entry.verdict, entry.frame, entry.visibleRatio)
/// }
/// ```
///
/// Built with the same scan as production (so the verdicts are the tracker's own), plus an ancestor walk
/// for views the scan pruned. It allocates freely: call it on demand, not per frame.
public struct VisibilityReport: Sendable, Equatable {
    // MARK: - Public

    /// Why a tracked view or screen is, or is not, visible. When several reasons apply, the first in
    /// declaration order after ``visible`` wins, except that ``hidden`` and ``transparent`` found on an
    /// ancestor win over geometry.
    public enum Verdict: String, Sendable, Equatable, CaseIterable {
        /// Visible at or above the ratio threshold: a scan counts it.
        case visible
        /// Its window is hidden, or not a window of a connected scene.
        case notInVisibleWindow
        /// It, an ancestor or its window is hidden.
        case hidden
        /// The product of its, its ancestors' and its window's alphas is below the minimum alpha.
        case transparent
        /// Its window-space geometry (or an ancestor's) is NaN or infinite.
        case invalidGeometry
        /// Its bounds have no area.
        case zeroArea
        /// Nothing of it survives clipping by its `clipsToBounds` ancestors and its window (off screen,
        /// scrolled out, clipped away).
        case clippedOrOffscreen
        /// Enough of it survives clipping, but opaque views in front cover so much that it falls below the
        /// ratio threshold (or to zero).
        case occluded
        /// Some of it is visible, but less than the ratio threshold even before occlusion.
        case belowThreshold
    }

    /// The component a report entry is about.
    public enum Subject: Sendable, Equatable {
        /// A view's element component.
        case element(TrackingElement)
        /// A view controller's screen component (the entry describes its root view).
        case screen(TrackingScreen)
    }

    /// One tracked view, or one tracked screen's root view.
    public struct Entry: Sendable, Equatable {
        /// The component.
        public var subject: Subject
        /// For an element, the screen it is attributed to (the screen a SwiftUI element's environment
        /// names, else the nearest controller with a screen whose root view is the element's view or one of
        /// its ancestors); for a screen, the nearest *other* tracked
        /// screen around it (a parent controller's). `nil` when there is none.
        public var screen: TrackingScreen?
        /// Position of the view's window among the scanned windows (front-most first), `nil` when its
        /// window is not scanned.
        public var windowIndex: Int?
        /// The view's bounds in window coordinates (the bounding box when transformed); `.null` when its
        /// geometry is invalid.
        public var frame: CGRect
        /// The visible fraction after clipping, before occlusion.
        public var unoccludedRatio: Double
        /// The visible fraction the scan judged, after occlusion.
        public var visibleRatio: Double
        /// Whether it counts, or why not.
        public var verdict: Verdict
    }

    /// The ratio threshold of the scanner that made the report.
    public var minimumVisibleRatio: Double
    /// The alpha threshold of the scanner that made the report.
    public var minimumAlpha: Double
    /// The scanned windows' frames (screen coordinates), front-most first: ``Entry/windowIndex`` indexes
    /// this.
    public var windowFrames: [CGRect]
    /// Every tracked view and screen root view that is in a window: first those the scan reached, in its
    /// order, then those it pruned.
    public var entries: [Entry]

    // MARK: - Internal

    /// Scans with `scanner` and explains every tracked entity in a window.
    @MainActor
    init(scanner: VisibilityScanner) {
        minimumVisibleRatio = scanner.minimumVisibleRatio
        minimumAlpha = scanner.minimumAlpha
        let windows = scanner.orderedConnectedWindows()
        windowFrames = windows.map(\.frame)
        var windowIndices: [ObjectIdentifier: Int] = [:]
        for (index, window) in windows.enumerated() { windowIndices[ObjectIdentifier(window)] = index }

        var collector = Collector()
        var result = ScanResult()
        scanner.scanConnectedScenes(into: &result, observer: &collector)
        var reached = Set<ObjectIdentifier>()
        entries = []

        var screensByRoot: [ObjectIdentifier: TrackingScreen] = [:]
        scanner.store.forEachScreen { controller, screen in
            if let root = controller.viewIfLoaded { screensByRoot[ObjectIdentifier(root)] = screen }
        }
        scanner.store.forEachAnchorScreen { anchor, screen in screensByRoot[ObjectIdentifier(anchor)] = screen }

        for anchor in collector.anchors {
            let frame = Self.rect(anchor.frame)
            let verdict = Self.verdict(for: anchor, minimumVisibleRatio: minimumVisibleRatio)
            if let element = anchor.element {
                entries.append(Entry(
                    subject: .element(element), screen: anchor.contextScreen, windowIndex: anchor.windowIndex,
                    frame: frame, unoccludedRatio: anchor.unoccludedRatio, visibleRatio: anchor.visibleRatio,
                    verdict: verdict
                ))
            }
            if let screen = anchor.screen {
                entries.append(Entry(
                    subject: .screen(screen),
                    screen: Self.enclosingScreen(of: anchor.view.superview, in: screensByRoot),
                    windowIndex: anchor.windowIndex, frame: frame, unoccludedRatio: anchor.unoccludedRatio,
                    visibleRatio: anchor.visibleRatio, verdict: verdict
                ))
            }
            reached.insert(ObjectIdentifier(anchor.view))
        }

        var pruned: [(UIView, Subject)] = []
        scanner.store.forEachElement { view, element in
            if view.window != nil, !reached.contains(ObjectIdentifier(view)) { pruned.append((view, .element(element))) }
        }
        scanner.store.forEachScreen { controller, screen in
            if let root = controller.viewIfLoaded, root.window != nil, !reached.contains(ObjectIdentifier(root)) {
                pruned.append((root, .screen(screen)))
            }
        }
        scanner.store.forEachAnchorScreen { anchor, screen in
            if anchor.window != nil, !reached.contains(ObjectIdentifier(anchor)) { pruned.append((anchor, .screen(screen))) }
        }
        for (view, subject) in pruned {
            let explanation = explain(view, windowIndices: windowIndices)
            let context: TrackingScreen?
            if case .screen = subject {
                context = Self.enclosingScreen(of: view.superview, in: screensByRoot)
            } else {
                context = scanner.store.anchor(for: view)?.environmentScreen ?? Self.enclosingScreen(of: view, in: screensByRoot)
            }
            entries.append(Entry(
                subject: subject, screen: context, windowIndex: explanation.windowIndex, frame: explanation.frame,
                unoccludedRatio: 0, visibleRatio: 0, verdict: explanation.verdict
            ))
        }
    }

    /// The verdict on an anchor the scan reached (the debug overlay judges its outlines with it too).
    static func verdict(for anchor: ScanAnchor, minimumVisibleRatio: Double) -> Verdict {
        if anchor.visibleRatio > 0, anchor.visibleRatio >= minimumVisibleRatio { return .visible }
        if anchor.frame.isEmpty { return .zeroArea }
        if !(anchor.unoccludedRatio > 0) { return .clippedOrOffscreen }
        if anchor.unoccludedRatio >= minimumVisibleRatio { return .occluded }
        return .belowThreshold
    }

    // MARK: - Private

    private struct Collector: ScanObserver {
        var anchors: [ScanAnchor] = []
        var observesAnchors: Bool { true }
        mutating func observe(_ anchor: ScanAnchor) { anchors.append(anchor) }
    }

    private static func rect(_ box: ScanBox) -> CGRect {
        CGRect(x: box.x0, y: box.y0, width: max(box.x1 - box.x0, 0), height: max(box.y1 - box.y0, 0))
    }

    /// The screen of the nearest view at or above `view` that is a tracked controller's root view.
    @MainActor
    private static func enclosingScreen(of view: UIView?, in screensByRoot: [ObjectIdentifier: TrackingScreen]) -> TrackingScreen? {
        var current = view
        while let candidate = current {
            if let screen = screensByRoot[ObjectIdentifier(candidate)] { return screen }
            current = candidate.superview
        }
        return nil
    }

    /// Why the scan did not reach `view`, re-deriving its ancestors' state top-down as the scan does.
    @MainActor
    private func explain(
        _ view: UIView, windowIndices: [ObjectIdentifier: Int]
    ) -> (verdict: Verdict, windowIndex: Int?, frame: CGRect) {
        var chain: [UIView] = []
        var current: UIView? = view
        while let ancestor = current {
            chain.append(ancestor)
            current = ancestor.superview
        }
        guard let window = chain.last as? UIWindow, let windowIndex = windowIndices[ObjectIdentifier(window)] else {
            return (.notInVisibleWindow, nil, .null)
        }
        if chain.contains(where: \.isHidden) { return (.hidden, windowIndex, .null) }
        var alpha = 1.0
        for ancestor in chain {
            let value = Double(ancestor.alpha)
            alpha *= value > 0 ? min(value, 1) : 0
        }
        var transform = WindowTransform.identity
        var frame = WindowTransform.identity.boundingBox(of: window.bounds)
        for ancestor in chain.reversed().dropFirst() {
            transform = transform.child(center: ancestor.center, bounds: ancestor.bounds, transform: ancestor.transform)
            frame = transform.boundingBox(of: ancestor.bounds)
            guard frame.isFinite else { return (.invalidGeometry, windowIndex, .null) }
        }
        let rect = Self.rect(frame)
        if !(alpha > 0 && alpha >= minimumAlpha) { return (.transparent, windowIndex, rect) }
        if frame.isEmpty { return (.zeroArea, windowIndex, rect) }
        return (.clippedOrOffscreen, windowIndex, rect)
    }
}
