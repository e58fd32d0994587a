#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The scan a first implementation would write: breadth-first over every view of the window, asking each
/// view for its component and converting each view's bounds to the window with `convert(_:to:)`.
///
/// It applies the same rules as far as such a scan would: hidden and transparent subtrees are skipped (their
/// alpha product is carried down the queue), empty views count as invisible, and each rectangle is clipped
/// by the clip carried down from its clipping ancestors and the window. It does **not** subtract occlusion,
/// so its answer is ``GeneratedHierarchy/expectedVisibleCountIgnoringOcclusion``, and it does not prune
/// clipped-away subtrees (clipping ancestors are noticed only as rectangles, not as a reason to stop).
@MainActor
package final class NaiveScan: ScanImplementation {
    // MARK: - Package

    package let name = "naive"

    /// - Parameter window: The window to scan.
    package init(window: UIWindow) {
        self.window = window
    }

    package func scan() -> Int {
        guard !window.isHidden else { return 0 }
        let windowAlpha = Self.clamped(window.alpha)
        guard windowAlpha > 0, windowAlpha >= HierarchyModel.minimumAlpha else { return 0 }
        queue.removeAll(keepingCapacity: true)
        queue.append(Entry(view: window, clip: window.bounds, alpha: windowAlpha))
        var visible = 0
        var head = 0
        while head < queue.count {
            let parent = queue[head]
            head += 1
            for child in parent.view.subviews {
                guard !child.isHidden else { continue }
                let alpha = parent.alpha * Self.clamped(child.alpha)
                guard alpha > 0, alpha >= HierarchyModel.minimumAlpha else { continue }
                let frame = child.convert(child.bounds, to: nil)
                let shown = frame.intersection(parent.clip)
                if child.trackingElement != nil {
                    let fullArea = Self.area(frame)
                    if fullArea > 0 {
                        let ratio = Self.area(shown) / fullArea
                        if ratio > 0, ratio >= HierarchyModel.minimumVisibleRatio { visible += 1 }
                    }
                }
                queue.append(Entry(view: child, clip: child.clipsToBounds ? shown : parent.clip, alpha: alpha))
            }
        }
        queue.removeAll(keepingCapacity: true)
        return visible
    }

    // MARK: - Private

    private struct Entry {
        var view: UIView
        var clip: CGRect
        var alpha: Double
    }

    private let window: UIWindow
    private var queue: ContiguousArray<Entry> = []

    private static func clamped(_ alpha: CGFloat) -> Double {
        let value = Double(alpha)
        return value > 0 ? min(value, 1) : 0
    }

    private static func area(_ rect: CGRect) -> Double {
        guard !rect.isNull, !rect.isEmpty else { return 0 }
        return Double(rect.width) * Double(rect.height)
    }
}
