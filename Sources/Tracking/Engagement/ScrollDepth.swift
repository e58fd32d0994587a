#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The two rules of scroll depth: which scroll views can be a screen's main vertical one, and how deep one
/// shows its content.
@MainActor
enum ScrollDepth {
    // MARK: - Internal

    /// Whether `scrollView` can be a screen's main vertical scroll view: scrolling is enabled, it has
    /// content, and it scrolls vertically or not at all (a horizontal carousel, which scrolls sideways only,
    /// is not). With `adjustedContentInset` `i`, it scrolls vertically when
    /// `contentSize.height + i.top + i.bottom > bounds.height`, sideways when
    /// `contentSize.width + i.left + i.right > bounds.width`: the ranges UIKit lets `contentOffset` move in.
    static func isVertical(_ scrollView: UIScrollView) -> Bool {
        guard scrollView.isScrollEnabled else { return false }
        let size = scrollView.contentSize
        let bounds = scrollView.bounds.size
        let inset = scrollView.adjustedContentInset
        guard size.height > 0, size.height.isFinite, size.width.isFinite else { return false }
        let scrollsVertically = size.height + inset.top + inset.bottom > bounds.height
        let scrollsSideways = size.width + inset.left + inset.right > bounds.width
        return scrollsVertically || !scrollsSideways
    }

    /// How far down `scrollView` shows its content now, in `[0, 1]`:
    /// `(contentOffset.y + bounds.height − adjustedContentInset.bottom) / contentSize.height`, clamped. The
    /// bottom inset is the part of the bounds that bars (a tab bar, a toolbar, the home indicator's safe area)
    /// or the app's own `contentInset` keep the content out of, so the content under it is not counted as
    /// shown; at the largest offset UIKit allows (`contentSize.height + bottom − bounds.height`) the depth is
    /// exactly 1. `nil` without content or with a non-finite geometry.
    static func depth(of scrollView: UIScrollView) -> Double? {
        let height = Double(scrollView.contentSize.height)
        let bottom = Double(scrollView.contentOffset.y + scrollView.bounds.height - scrollView.adjustedContentInset.bottom)
        guard height > 0, height.isFinite, bottom.isFinite else { return nil }
        return min(max(bottom / height, 0), 1)
    }
}
