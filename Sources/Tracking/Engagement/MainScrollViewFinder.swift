#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Finds a screen's main vertical scroll view: among the views under the screen's root view (the root
/// included), breadth first, the vertical scroll view (``ScrollDepth/isVertical(_:)``) with the largest
/// visible area, its frame in the root view's coordinates clipped to the root view's bounds; on a tie, the
/// one found first (the outermost). Table and collection views are scroll views and count as any other.
///
/// Hidden and fully transparent views are skipped with their subviews, and so is the content of each
/// vertical scroll view found: what scrolls inside the main one is not the screen's reading position.
/// Reuses one buffer, so a search allocates nothing once it has grown (beyond what `subviews` costs on
/// iOS), and stops after ``maximumViews`` views.
@MainActor
struct MainScrollViewFinder {
    // MARK: - Internal

    /// A bound on the views one search looks at: a hierarchy larger than this keeps its deeper views out.
    static let maximumViews = 4_096

    /// The main vertical scroll view under `root`, or `nil` when there is none.
    mutating func mainScrollView(under root: UIView) -> UIScrollView? {
        queue.removeAll(keepingCapacity: true)
        // The buffer holds views strongly: empty it before returning.
        defer { queue.removeAll(keepingCapacity: true) }
        queue.append(root)
        let rootBounds = root.bounds
        var best: UIScrollView?
        var bestArea = 0.0
        var index = 0
        while index < queue.count, index < Self.maximumViews {
            let view = queue[index]
            index += 1
            guard !view.isHidden, view.alpha > 0 else { continue }
            if let scrollView = view as? UIScrollView, ScrollDepth.isVertical(scrollView) {
                let visible = scrollView.convert(scrollView.bounds, to: root).intersection(rootBounds)
                let area = visible.isNull ? 0 : Double(visible.width * visible.height)
                if area > bestArea {
                    best = scrollView
                    bestArea = area
                }
                continue
            }
            queue.append(contentsOf: view.subviews)
        }
        return best
    }

    // MARK: - Private

    private var queue: ContiguousArray<UIView> = []
}
