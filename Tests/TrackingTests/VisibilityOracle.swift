@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A brute-force judge of the documented visibility rules, written independently of the scanner: every
/// view is judged alone, by walking its own ancestors and asking UIKit for geometry with
/// `convert(_:to: nil)`; occlusion is exact rectangle subtraction of every opaque view painted after it
/// (wherever it sits) and of every opaque view of a window in front; painting order compares index paths.
/// SwiftUI anchors follow the documented rules too: an occluder anchor is an opaque view, a screen anchor
/// a screen's root view, and an element anchor's environment screen its context.
/// Slow on purpose (allocates, converts per view), so it can only agree with the scanner by the rules.
@MainActor
struct VisibilityOracle {
    /// What the oracle makes of one tracked view.
    struct Judgement {
        var ratio: Double
        var isVisible: Bool
    }

    let minimumVisibleRatio: Double
    let minimumAlpha: Double
    /// Scanned windows, front-most first.
    let windows: [UIWindow]
    let store: TrackingComponentStore

    /// Windows whose views are judged not at all (a scan leaves their contribution out), though their
    /// opaque views still hide what lies behind them.
    let excludedWindows: Set<ObjectIdentifier>

    init(
        minimumVisibleRatio: Double, minimumAlpha: Double, windows: [UIWindow], excluding excludedWindows: [UIWindow] = [],
        store: TrackingComponentStore
    ) {
        self.minimumVisibleRatio = minimumVisibleRatio
        self.minimumAlpha = minimumAlpha
        self.windows = windows
        self.excludedWindows = Set(excludedWindows.map(ObjectIdentifier.init))
        self.store = store
        for (index, window) in windows.enumerated() { windowIndex[ObjectIdentifier(window)] = index }
        for window in windows {
            collectOccluders(in: window)
        }
    }

    /// The ratio and verdict for `view`, or `nil` when it is not in a scanned window or its window is excluded.
    func judge(_ view: UIView) -> Judgement? {
        guard let window = window(of: view), let front = windowIndex[ObjectIdentifier(window)],
              !excludedWindows.contains(ObjectIdentifier(window)) else { return nil }
        let invisible = Judgement(ratio: 0, isVisible: false)
        guard !chain(of: view).contains(where: \.isHidden) else { return invisible }
        let alpha = alphaProduct(of: view)
        guard alpha > 0, alpha >= minimumAlpha else { return invisible }
        let full = view.convert(view.bounds, to: nil)
        let fullArea = Double(full.width) * Double(full.height)
        guard full.width > 0, full.height > 0, fullArea.isFinite else { return invisible }
        guard let visible = visibleSceneRect(of: view) else { return invisible }
        let path = indexPath(of: view)
        var remaining = [visible]
        for occluder in occluders {
            let inFront = occluder.window < front
                || (occluder.window == front && Self.paints(occluder.path, after: path))
            guard inFront else { continue }
            remaining = remaining.flatMap { Self.subtract(occluder.rect, from: $0) }
        }
        let ratio = remaining.reduce(0) { $0 + $1.area } / fullArea
        return Judgement(ratio: ratio, isVisible: ratio > 0 && ratio >= minimumVisibleRatio)
    }

    /// The screen a SwiftUI anchor's environment names, else the nearest tracked screen whose root view
    /// is `view` or one of its ancestors.
    func contextScreen(of view: UIView) -> TrackingScreen? {
        if let screen = store.anchor(for: view)?.environmentScreen { return screen }
        var roots: [ObjectIdentifier: TrackingScreen] = [:]
        store.forEachScreen { controller, screen in
            if let root = controller.viewIfLoaded { roots[ObjectIdentifier(root)] = screen }
        }
        for candidate in chain(of: view) {
            if let screen = roots[ObjectIdentifier(candidate)] { return screen }
        }
        return nil
    }

    // MARK: - Private

    private struct Rect {
        var x0, y0, x1, y1: Double
        var area: Double { (x1 - x0) * (y1 - y0) }
        var isEmpty: Bool { !(x1 > x0 && y1 > y0) }
        init(x0: Double, y0: Double, x1: Double, y1: Double) { (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1) }
        init(_ rect: CGRect) {
            self.init(x0: Double(rect.minX), y0: Double(rect.minY), x1: Double(rect.maxX), y1: Double(rect.maxY))
        }
        func clipped(to other: Rect) -> Rect {
            Rect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        }
    }

    private struct Occluder {
        var window: Int
        var path: [Int]
        var rect: Rect
    }

    private var windowIndex: [ObjectIdentifier: Int] = [:]
    private var occluders: [Occluder] = []

    /// The view and its ancestors, the view first.
    private func chain(of view: UIView) -> [UIView] {
        var result: [UIView] = []
        var current: UIView? = view
        while let next = current {
            result.append(next)
            current = next.superview
        }
        return result
    }

    private func window(of view: UIView) -> UIWindow? {
        guard let top = chain(of: view).last as? UIWindow, windowIndex[ObjectIdentifier(top)] != nil else { return nil }
        return top
    }

    private func alphaProduct(of view: UIView) -> Double {
        chain(of: view).reduce(1.0) { product, view in
            let alpha = Double(view.alpha)
            return product * (alpha > 0 ? min(alpha, 1) : 0)
        }
    }

    /// The view's rect in window coordinates, clipped by every clipping ancestor and the window, then moved
    /// to scene coordinates through the window's frame; `nil` when nothing is left.
    private func visibleSceneRect(of view: UIView) -> Rect? {
        let ancestors = chain(of: view)
        guard let window = ancestors.last as? UIWindow else { return nil }
        var rect = Rect(view.convert(view.bounds, to: nil))
        rect = rect.clipped(to: Rect(window.bounds))
        for ancestor in ancestors.dropFirst() where ancestor !== window && ancestor.clipsToBounds {
            rect = rect.clipped(to: Rect(ancestor.convert(ancestor.bounds, to: nil)))
        }
        guard !rect.isEmpty else { return nil }
        let dx = Double(window.frame.minX) - Double(window.bounds.minX)
        let dy = Double(window.frame.minY) - Double(window.bounds.minY)
        return Rect(x0: rect.x0 + dx, y0: rect.y0 + dy, x1: rect.x1 + dx, y1: rect.y1 + dy)
    }

    private func indexPath(of view: UIView) -> [Int] {
        var path: [Int] = []
        var current = view
        while let parent = current.superview {
            path.append(parent.subviews.firstIndex { $0 === current }!)
            current = parent
        }
        return path.reversed()
    }

    private static func paints(_ path: [Int], after other: [Int]) -> Bool {
        // Not a descendant (other is a prefix) and not an ancestor (path is a prefix, so it compares lower).
        if path.count >= other.count, Array(path.prefix(other.count)) == other { return false }
        return path.lexicographicallyPrecedes(other) == false && path != other
    }

    private static func isOpaque(_ color: UIColor?) -> Bool {
        guard let color else { return false }
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        if color.getRed(&r, green: &g, blue: &b, alpha: &a) { return a == 1 }
        var w: CGFloat = 0
        return color.getWhite(&w, alpha: &a) && a == 1
    }

    private mutating func collectOccluders(in window: UIWindow) {
        var all: [UIView] = [window]
        var index = 0
        while index < all.count {
            all.append(contentsOf: all[index].subviews)
            index += 1
        }
        for view in all {
            // An occluder anchor is a cover whatever its (clear) background.
            guard Self.isOpaque(view.backgroundColor) || store.anchor(for: view)?.isOccluder == true,
                  !chain(of: view).contains(where: \.isHidden), alphaProduct(of: view) == 1,
                  let rect = visibleSceneRect(of: view) else { continue }
            occluders.append(Occluder(window: windowIndex[ObjectIdentifier(window)]!, path: indexPath(of: view), rect: rect))
        }
    }

    /// `rect` minus `hole`, as up to four disjoint pieces.
    private static func subtract(_ hole: Rect, from rect: Rect) -> [Rect] {
        let cut = hole.clipped(to: rect)
        guard !cut.isEmpty else { return [rect] }
        var pieces: [Rect] = []
        if cut.y0 > rect.y0 { pieces.append(Rect(x0: rect.x0, y0: rect.y0, x1: rect.x1, y1: cut.y0)) }
        if cut.y1 < rect.y1 { pieces.append(Rect(x0: rect.x0, y0: cut.y1, x1: rect.x1, y1: rect.y1)) }
        if cut.x0 > rect.x0 { pieces.append(Rect(x0: rect.x0, y0: cut.y0, x1: cut.x0, y1: cut.y1)) }
        if cut.x1 < rect.x1 { pieces.append(Rect(x0: cut.x1, y0: cut.y0, x1: rect.x1, y1: cut.y1)) }
        return pieces
    }
}
