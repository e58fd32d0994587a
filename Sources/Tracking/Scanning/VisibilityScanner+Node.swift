#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// What the two passes record about the views and windows they reach.
extension VisibilityScanner {
    /// One view the first pass reached, in breadth-first order; children of a node are contiguous.
    struct Node {
        var view: UIView
        var parent: Int32
        var firstChild: Int32 = 0
        var childCount: Int32 = 0
        var mark: ViewMarkTable.Mark
        /// Whether the first pass walks the children: a skeleton view whose clip for children is not empty.
        var expands: Bool
        /// Whether the second pass may have to walk the children for occluders: an off-skeleton view with
        /// subviews, alpha product 1 and a non-empty clip for children that it does not cover itself.
        var holdsOccluders = false
        var isOccluder: Bool
        var transform: WindowTransform
        /// Full rectangle in window coordinates.
        var frame: ScanBox
        /// `frame` clipped by the clipping ancestors and the window.
        var visible: ScanBox
        /// What this view's children are clipped to.
        var clip: ScanBox
        var alpha: Double
        /// Node index of the nearest tracked screen root at or above this view, or -1.
        var context: Int32
        var subtreeSize: Int32 = 1
        var preorder: Int32 = 0
        /// Whether this is an anchor occlusion can still decide (``isUndecidedAnchor(_:wantsAll:)``, set by
        /// the first pass and read by the second and by measurement).
        var isUndecided = false
        /// The next anchor whose subtree ends at the same painting position, or -1.
        var nextEnding: Int32 = -1
        var unoccludedRatio = 0.0
        var ratio = 0.0
        /// Index in the result's screens once appended there.
        var resultScreen: Int32 = -1
    }

    /// The node range and scene offset of one window the first pass walked.
    struct WindowSpan {
        var start: Int
        var end: Int
        var windowIndex: Int
        var sceneDX: Double
        var sceneDY: Double
        /// Whether the scan leaves the window's contribution out (its views only cover the windows behind).
        var isExcluded = false
        /// This window's undecided anchors in `undecidedAnchors`.
        var anchorStart = 0
        var anchorEnd = 0
        /// The bounding box of the undecided anchors of the windows behind this one, or `nil`.
        var behindBounds: ScanBox?
    }
}
