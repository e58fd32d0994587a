#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The first pass: breadth-first along each window's skeleton and the skeleton views' direct subviews,
/// placing every anchor and noting the off-skeleton subviews that are or may hold occluders.
extension VisibilityScanner {
    // MARK: - First pass

    /// Walks the window's skeleton into `nodes` and records the window's span and undecided anchors. An
    /// excluded window has no skeleton: its one node holds occluders only, for the second pass to find.
    func walkSkeleton(
        of window: UIWindow, windowIndex: Int, isExcluded: Bool, wantsAll: Bool, result: inout ScanResult
    ) {
        result.viewsVisited += 1
        let alpha = Self.clampedAlpha(window.alpha)
        guard alpha > 0, alpha >= minimumAlpha else { return }
        let bounds = window.bounds
        let frame = WindowTransform.identity.boundingBox(of: bounds)
        guard frame.isFinite else {
            result.viewsWithInvalidGeometry += 1
            return
        }
        guard !frame.isEmpty else { return }
        let scene = Self.sceneBox(of: window, rect: bounds)
        guard scene.isFinite else {
            result.viewsWithInvalidGeometry += 1
            return
        }
        let sceneDX = scene.x0 - frame.x0, sceneDY = scene.y0 - frame.y0

        let start = nodes.count
        let isOccluder = alpha == 1 && Self.isOpaque(window.backgroundColor)
        if isExcluded {
            // Below alpha 1 nothing in the window is opaque; an opaque window already covers all that its
            // subviews paint (a window clips them).
            nodes.append(Node(
                view: window, parent: -1, mark: ViewMarkTable.Mark(), expands: false,
                holdsOccluders: alpha == 1 && !isOccluder && !window.subviews.isEmpty,
                isOccluder: isOccluder, transform: .identity, frame: frame, visible: frame, clip: frame, alpha: alpha,
                context: -1
            ))
        } else {
            let mark = marks.mark(for: Self.key(window))
            if mark.flags.contains(.screenRoot) { snapshotNodes[Int(mark.screen)] = Int32(truncatingIfNeeded: start) }
            nodes.append(Node(
                view: window, parent: -1, mark: mark, expands: true, isOccluder: isOccluder,
                transform: .identity, frame: frame, visible: frame, clip: frame, alpha: alpha,
                context: mark.flags.contains(.screenRoot) ? Int32(truncatingIfNeeded: start) : -1
            ))
            walkBreadthFirst(from: start, result: &result)
        }
        let end = nodes.count
        let anchorStart = undecidedAnchors.count
        for node in start..<end where isUndecidedAnchor(node, wantsAll: wantsAll) {
            nodes[node].isUndecided = true
            undecidedAnchors.append(nodes[node].visible.offsetBy(sceneDX, sceneDY))
        }
        spans.append(WindowSpan(
            start: start, end: end, windowIndex: windowIndex, sceneDX: sceneDX, sceneDY: sceneDY, isExcluded: isExcluded,
            anchorStart: anchorStart, anchorEnd: undecidedAnchors.count
        ))
    }

    func walkBreadthFirst(from start: Int, result: inout ScanResult) {
        var head = start
        while head < nodes.count {
            guard nodes[head].expands else {
                head += 1
                continue
            }
            let parentTransform = nodes[head].transform
            let parentClip = nodes[head].clip
            let parentAlpha = nodes[head].alpha
            let parentContext = nodes[head].context
            let parentIndex = Int32(truncatingIfNeeded: head)
            let firstChild = nodes.count
            // A copy of the array: the hierarchy may change under the scan (a getter that mutates it) and
            // the walk must still finish over what it saw.
            let subviews = nodes[head].view.subviews
            for child in subviews {
                result.viewsVisited += 1
                let mark = marks.mark(for: Self.key(child))
                if mark.flags.contains(.path) {
                    visitSkeletonView(
                        child, mark: mark, parent: parentIndex, transform: parentTransform, clip: parentClip,
                        alpha: parentAlpha, context: parentContext, result: &result
                    )
                } else {
                    visitOffSkeletonView(
                        child, parent: parentIndex, transform: parentTransform, clip: parentClip,
                        alpha: parentAlpha, result: &result
                    )
                }
            }
            nodes[head].firstChild = Int32(truncatingIfNeeded: firstChild)
            nodes[head].childCount = Int32(truncatingIfNeeded: nodes.count - firstChild)
            head += 1
        }
    }

    func visitSkeletonView(
        _ view: UIView, mark: ViewMarkTable.Mark, parent: Int32, transform parentTransform: WindowTransform,
        clip parentClip: ScanBox, alpha parentAlpha: Double, context parentContext: Int32, result: inout ScanResult
    ) {
        guard !view.isHidden else { return }
        let alpha = parentAlpha * Self.clampedAlpha(view.alpha)
        guard alpha > 0, alpha >= minimumAlpha else { return }
        guard let (transform, frame) = Self.placement(of: view, in: parentTransform, result: &result) else { return }
        let visible = frame.intersection(parentClip)
        let clip = view.clipsToBounds ? visible : parentClip
        let expands = !clip.isEmpty
        let isAnchor = mark.flags.contains(.element) || mark.flags.contains(.screenRoot)
        guard expands || isAnchor || !visible.isEmpty else { return }
        let index = Int32(truncatingIfNeeded: nodes.count)
        let isScreenRoot = mark.flags.contains(.screenRoot)
        if isScreenRoot { snapshotNodes[Int(mark.screen)] = index }
        nodes.append(Node(
            view: view, parent: parent, mark: mark, expands: expands,
            isOccluder: alpha == 1 && !visible.isEmpty
                && (mark.flags.contains(.occluder) || Self.isOpaque(view.backgroundColor)),
            transform: transform, frame: frame, visible: visible, clip: clip, alpha: alpha,
            context: isScreenRoot ? index : parentContext
        ))
    }

    /// A subview off the skeleton holds no anchor: it matters only as an occluder or for the occluders
    /// inside it, which the second pass looks for when they may hide something.
    func visitOffSkeletonView(
        _ view: UIView, parent: Int32, transform parentTransform: WindowTransform, clip parentClip: ScanBox,
        alpha parentAlpha: Double, result: inout ScanResult
    ) {
        // Below alpha 1 nothing in the subtree is opaque.
        guard parentAlpha == 1, !view.isHidden, Self.clampedAlpha(view.alpha) == 1 else { return }
        guard let (transform, frame) = Self.placement(of: view, in: parentTransform, result: &result) else { return }
        let visible = frame.intersection(parentClip)
        let clips = view.clipsToBounds
        let clip = clips ? visible : parentClip
        let isOccluder = !visible.isEmpty && Self.isOpaque(view.backgroundColor)
        // A clipping occluder already covers all that its subviews could paint. `subviews` last: it costs
        // more than the tests before it, and most off-skeleton views are leaves.
        let holdsOccluders = !clip.isEmpty && !(isOccluder && clips) && !view.subviews.isEmpty
        guard isOccluder || holdsOccluders else { return }
        nodes.append(Node(
            view: view, parent: parent, mark: ViewMarkTable.Mark(), expands: false, holdsOccluders: holdsOccluders,
            isOccluder: isOccluder, transform: transform, frame: frame, visible: visible, clip: clip, alpha: 1,
            context: -1
        ))
    }

    /// The view's transform to the window and its window-space rectangle, or `nil` (counted) when that
    /// geometry is NaN or infinite.
    @inline(__always)
    static func placement(
        of view: UIView, in parentTransform: WindowTransform, result: inout ScanResult
    ) -> (WindowTransform, ScanBox)? {
        let bounds = view.bounds
        let transform = parentTransform.child(center: view.center, bounds: bounds, transform: view.transform)
        let frame = transform.boundingBox(of: bounds)
        guard frame.isFinite else {
            result.viewsWithInvalidGeometry += 1
            return nil
        }
        return (transform, frame)
    }

    /// Whether the node is an anchor whose verdict occlusion can still change: reached with a visible part,
    /// and either a screen root (its ratio is reported), observed, or unoccluded above the threshold.
    func isUndecidedAnchor(_ node: Int, wantsAll: Bool) -> Bool {
        let flags = nodes[node].mark.flags
        guard flags.contains(.element) || flags.contains(.screenRoot) else { return false }
        let fullArea = nodes[node].frame.area, visibleArea = nodes[node].visible.area
        guard fullArea > 0, visibleArea > 0 else { return false }
        return flags.contains(.screenRoot) || wantsAll || min(visibleArea / fullArea, 1) >= minimumVisibleRatio
    }
}
