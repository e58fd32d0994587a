#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The second pass: numbers each window's skeleton in painting order and collects the occluders of the
/// skeleton and of every off-skeleton subtree that may hide an undecided anchor (the buried-cover search).
extension VisibilityScanner {
    // MARK: - Second pass

    /// An occluder in scene coordinates and the painting position (in the window's skeleton) it stands at.
    struct PlacedOccluder {
        var box: ScanBox
        var position: Int32
    }

    /// The subviews of a view that the second pass still has to read, with that view's placement.
    struct PendingView {
        var subviews: [UIView]
        var transform: WindowTransform
        var clip: ScanBox
    }

    /// Up to this many undecided anchors are tested one by one before a subtree is pruned; beyond it, their
    /// bounding box decides (conservatively: a subtree is walked when the box meets its clip).
    static let individuallyTestedAnchors = 32

    /// Numbers the window's nodes in painting order (pre-order: a view, then its subviews back to front),
    /// so that "painted after this view's whole subtree" is "pre-order index ≥ preorder + subtreeSize".
    /// Off-skeleton nodes are leaves here: their subtrees paint contiguously at their position.
    func orderForPainting(start: Int, end: Int) {
        var index = end - 1
        while index > start {
            let parent = Int(nodes[index].parent)
            nodes[parent].subtreeSize += nodes[index].subtreeSize
            index -= 1
        }
        nodes[start].preorder = 0
        for parent in start..<end {
            var next = nodes[parent].preorder + 1
            let first = Int(nodes[parent].firstChild)
            for child in first..<(first + Int(nodes[parent].childCount)) {
                nodes[child].preorder = next
                next += nodes[child].subtreeSize
            }
        }
        byPreorder.removeAll(keepingCapacity: true)
        byPreorder.append(contentsOf: repeatElement(0, count: end - start))
        for node in start..<end {
            byPreorder[Int(nodes[node].preorder)] = Int32(truncatingIfNeeded: node)
        }
    }

    /// The second pass: walks the window in painting order, collecting the occluders of the skeleton and
    /// of every off-skeleton subtree that may hide an undecided anchor painted before it or lying behind
    /// the window, then adds them to the index front to back (latest painted first).
    func collectOccluders(in span: WindowSpan, result: inout ScanResult) {
        let count = span.end - span.start
        endingAt.removeAll(keepingCapacity: true)
        endingAt.append(contentsOf: repeatElement(-1, count: count + 1))
        paintedAnchors.removeAll(keepingCapacity: true)
        paintedBounds = nil
        placedOccluders.removeAll(keepingCapacity: true)
        for position in 0..<count {
            // Anchors whose whole subtree is painted before this position: what is painted from here on
            // can hide them.
            var ending = endingAt[position]
            while ending >= 0 {
                let box = nodes[Int(ending)].visible.offsetBy(span.sceneDX, span.sceneDY)
                paintedAnchors.append(box)
                paintedBounds = paintedBounds?.union(box) ?? box
                ending = nodes[Int(ending)].nextEnding
            }
            let node = Int(byPreorder[position])
            if nodes[node].isUndecided {
                let endPosition = Int(nodes[node].preorder + nodes[node].subtreeSize)
                nodes[node].nextEnding = endingAt[endPosition]
                endingAt[endPosition] = Int32(truncatingIfNeeded: node)
            }
            let position32 = Int32(truncatingIfNeeded: position)
            if nodes[node].isOccluder {
                placedOccluders.append(PlacedOccluder(
                    box: nodes[node].visible.offsetBy(span.sceneDX, span.sceneDY), position: position32
                ))
            }
            if nodes[node].holdsOccluders, mayHide(nodes[node].clip.offsetBy(span.sceneDX, span.sceneDY)) {
                walkForOccluders(under: node, position: position32, span: span, result: &result)
            }
        }
        // Front to back: the occluders painted last first, so that "in front of position p" is a prefix.
        occludersAbove.removeAll(keepingCapacity: true)
        occludersAbove.append(contentsOf: repeatElement(0, count: count + 1))
        occludersAbove[count] = Int32(truncatingIfNeeded: occluders.count)
        var next = placedOccluders.count - 1
        var position = count - 1
        while position >= 0 {
            while next >= 0 && Int(placedOccluders[next].position) == position {
                occluders.append(placedOccluders[next].box)
                next -= 1
            }
            occludersAbove[position] = Int32(truncatingIfNeeded: occluders.count)
            position -= 1
        }
    }

    /// Walks the subviews of the off-skeleton `node` depth-first, placing every occluder found at the
    /// node's painting position. Prunes hidden and translucent subtrees, clips that miss every undecided
    /// anchor, and what a clipping occluder covers.
    func walkForOccluders(under node: Int, position: Int32, span: WindowSpan, result: inout ScanResult) {
        let dx = span.sceneDX, dy = span.sceneDY
        // Cover anchors are on the skeleton of a scanned window; only a left-out window, which has no
        // skeleton, can hold one here, and then only its mark says so.
        let looksUpAnchors = hasOccluderAnchors && span.isExcluded
        // A copy of each array, as in the first pass: the walk finishes over what it saw.
        pendingViews.append(PendingView(subviews: nodes[node].view.subviews, transform: nodes[node].transform, clip: nodes[node].clip))
        while let parent = pendingViews.popLast() {
            for child in parent.subviews {
                result.viewsVisited += 1
                guard !child.isHidden, Self.clampedAlpha(child.alpha) == 1 else { continue }
                guard let (transform, frame) = Self.placement(of: child, in: parent.transform, result: &result) else {
                    continue
                }
                let visible = frame.intersection(parent.clip)
                let isOccluder = !visible.isEmpty && (Self.isOpaque(child.backgroundColor)
                    || looksUpAnchors && marks.mark(for: Self.key(child)).flags.contains(.occluder))
                if isOccluder {
                    placedOccluders.append(PlacedOccluder(box: visible.offsetBy(dx, dy), position: position))
                }
                let clip: ScanBox
                if child.clipsToBounds {
                    guard !isOccluder, !visible.isEmpty, mayHide(visible.offsetBy(dx, dy)) else { continue }
                    clip = visible
                } else {
                    clip = parent.clip
                }
                let subviews = child.subviews
                if !subviews.isEmpty {
                    pendingViews.append(PendingView(subviews: subviews, transform: transform, clip: clip))
                }
            }
        }
    }

    /// Whether an occluder inside the scene rectangle `box` could hide part of an undecided anchor that is
    /// painted before it in this window or lies in a window behind.
    func mayHide(_ box: ScanBox) -> Bool {
        if let behindBounds, box.intersects(behindBounds) {
            if undecidedAnchors.count - behindStart > Self.individuallyTestedAnchors { return true }
            for anchor in behindStart..<undecidedAnchors.count where box.intersects(undecidedAnchors[anchor]) {
                return true
            }
        }
        if let paintedBounds, box.intersects(paintedBounds) {
            if paintedAnchors.count > Self.individuallyTestedAnchors { return true }
            for anchor in paintedAnchors where box.intersects(anchor) { return true }
        }
        return false
    }
}
