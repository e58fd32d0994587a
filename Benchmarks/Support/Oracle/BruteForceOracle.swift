#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The benchmark's own judge of a hierarchy, written without the scanner: every view's rectangle comes from
/// `convert(_:to: nil)`, and every tracked view is judged against **every** opaque view painted after it
/// (its own subviews excepted), wherever that view sits. Quadratic and allocating on purpose; computed once
/// per hierarchy, then compared with each scan's answer.
///
/// The rules are the documented ones: not hidden (nor any ancestor), alpha product above 0 and at least
/// the minimum, non-empty bounds, the rectangle clipped by every clipping ancestor and the window, minus
/// the union of the clipped rectangles of later-painted views that are not hidden, have alpha product 1
/// and an opaque background colour; visible when that fraction of the full area is above 0 and at least
/// the minimum ratio. Windows are judged alone (the benchmarks show one).
@MainActor
package struct BruteForceOracle {
    // MARK: - Package

    /// The visible fraction of every tracked view judged visible, by its element's identifier.
    package private(set) var visibleRatios: [String: Double] = [:]

    /// How many tracked views are visible.
    package var visibleCount: Int { visibleRatios.count }

    /// Judges every tracked view of `window`.
    /// - Parameters:
    ///   - window: The window to judge, alone.
    ///   - minimumVisibleRatio: The fraction of its area a view must show.
    ///   - minimumAlpha: The alpha product a view must reach.
    package init(window: UIWindow, minimumVisibleRatio: Double, minimumAlpha: Double) {
        let views = Self.paintingOrder(of: window)
        let count = views.count
        var index: [ObjectIdentifier: Int] = [:]
        for (position, view) in views.enumerated() { index[ObjectIdentifier(view)] = position }
        // Per view, in painting order (parents first): shown, alpha product, full and clipped rectangles.
        var shown = [Bool](repeating: false, count: count)
        var alpha = [Double](repeating: 0, count: count)
        var full = [Rect](repeating: .empty, count: count)
        var clipped = [Rect](repeating: .empty, count: count)
        var childClip = [Rect](repeating: .empty, count: count)
        var subtreeEnd = [Int](repeating: 0, count: count)
        for (position, view) in views.enumerated() {
            let parent = view.superview.flatMap { index[ObjectIdentifier($0)] }
            let rect = Rect(view === window ? view.bounds : view.convert(view.bounds, to: nil))
            full[position] = rect
            shown[position] = !view.isHidden && (parent.map { shown[$0] } ?? true)
            alpha[position] = Self.clamped(view.alpha) * (parent.map { alpha[$0] } ?? 1)
            let clip = parent.map { childClip[$0] } ?? Rect(window.bounds)
            clipped[position] = rect.intersection(clip)
            childClip[position] = view.clipsToBounds || view === window ? clipped[position] : clip
        }
        for position in stride(from: count - 1, through: 0, by: -1) {
            var end = position + 1
            while end < count, Self.isDescendant(views[end], of: views[position]) { end = subtreeEnd[end] }
            subtreeEnd[position] = end
        }
        let occluders = (0..<count).filter {
            shown[$0] && alpha[$0] == 1 && !clipped[$0].isEmpty && Self.isOpaque(views[$0].backgroundColor)
        }
        for position in 0..<count {
            guard let identifier = views[position].trackingElement?.identifier else { continue }
            guard shown[position], alpha[position] > 0, alpha[position] >= minimumAlpha else { continue }
            let fullArea = full[position].area
            guard fullArea > 0, !clipped[position].isEmpty else { continue }
            var pieces = [clipped[position]]
            for occluder in occluders where occluder >= subtreeEnd[position] {
                pieces = pieces.flatMap { $0.subtracting(clipped[occluder]) }
            }
            let ratio = pieces.reduce(0) { $0 + $1.area } / fullArea
            if ratio > 0, ratio >= minimumVisibleRatio { visibleRatios[identifier] = ratio }
        }
    }

    /// Whether `ratios` (identifier to visible fraction) names exactly the views the oracle finds visible,
    /// with the same fractions.
    package func agrees(with ratios: [String: Double]) -> Bool {
        guard ratios.count == visibleRatios.count else { return false }
        return visibleRatios.allSatisfy { identifier, ratio in
            ratios[identifier].map { abs($0 - ratio) <= 1e-9 } ?? false
        }
    }

    // MARK: - Private

    private struct Rect {
        var x0, y0, x1, y1: Double
        static let empty = Rect(x0: 0, y0: 0, x1: 0, y1: 0)
        var isEmpty: Bool { !(x1 > x0 && y1 > y0) }
        var area: Double { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }

        init(x0: Double, y0: Double, x1: Double, y1: Double) { (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1) }

        init(_ rect: CGRect) {
            self.init(x0: Double(rect.minX), y0: Double(rect.minY), x1: Double(rect.maxX), y1: Double(rect.maxY))
        }

        func intersection(_ other: Rect) -> Rect {
            Rect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        }

        /// This rectangle minus `hole`, as up to four disjoint pieces.
        func subtracting(_ hole: Rect) -> [Rect] {
            let cut = hole.intersection(self)
            guard !cut.isEmpty else { return [self] }
            var pieces: [Rect] = []
            if cut.y0 > y0 { pieces.append(Rect(x0: x0, y0: y0, x1: x1, y1: cut.y0)) }
            if cut.y1 < y1 { pieces.append(Rect(x0: x0, y0: cut.y1, x1: x1, y1: y1)) }
            if cut.x0 > x0 { pieces.append(Rect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1)) }
            if cut.x1 < x1 { pieces.append(Rect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1)) }
            return pieces
        }
    }

    /// The window and every view in it, in painting order: a view, then its subviews back to front.
    private static func paintingOrder(of window: UIWindow) -> [UIView] {
        var order: [UIView] = []
        var stack: [UIView] = [window]
        while let view = stack.popLast() {
            order.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        return order
    }

    private static func isDescendant(_ view: UIView, of ancestor: UIView) -> Bool {
        var current = view.superview
        while let next = current {
            if next === ancestor { return true }
            current = next.superview
        }
        return false
    }

    private static func clamped(_ alpha: CGFloat) -> Double {
        let value = Double(alpha)
        return value > 0 ? min(value, 1) : 0
    }

    private static func isOpaque(_ color: UIColor?) -> Bool {
        guard let color else { return false }
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        if color.getRed(&red, green: &green, blue: &blue, alpha: &alpha) { return alpha == 1 }
        var white: CGFloat = 0
        return color.getWhite(&white, alpha: &alpha) && alpha == 1
    }
}
