import Foundation

/// The plain-data blueprint of a benchmark hierarchy, and the answer a correct scan must give for it.
///
/// All geometry is integral and no view is transformed, so that the answer ignoring occlusion is computable
/// from the blueprint alone: a tracked view's clipped area over its full area. The answer with occlusion
/// (covers anywhere in the hierarchy: the tab bar, the app shape's bars and overlay) is the
/// ``BruteForceOracle``'s, worked out on the real views.
struct HierarchyModel {
    // MARK: - Internal

    /// One view of the blueprint. Index 0 is the root controller's view; a parent always precedes its children.
    struct Node {
        /// Index of the superview, `-1` for the root view (whose superview is the window).
        var parent: Int
        /// Frame in the superview's bounds coordinates.
        var frame: CGRect
        /// The bounds origin: a scroll view's content offset, zero otherwise.
        var boundsOrigin = CGPoint.zero
        /// The content size, for scroll views.
        var contentSize = CGSize.zero
        var isScrollView = false
        var clipsToBounds = false
        var isHidden = false
        var alpha: CGFloat = 1
        var isOpaque = false
        var isTracked = false
        /// Whether ``decorate(shape:random:)`` may hide it, fade it or change its background.
        var isDecorated = true
        var childCount = 0
    }

    /// The window's size: an iPhone screen.
    static let windowSize = CGSize(width: 390, height: 844)
    /// The fraction of its area a view must show, as the benchmarks configure the scanner.
    static let minimumVisibleRatio = 0.5
    /// The alpha product a view must reach, as the benchmarks configure the scanner.
    static let minimumAlpha = 0.01

    private(set) var nodes: [Node] = []
    /// Index of the tab bar, the last node.
    private(set) var tabBar = 0
    /// The app shape's cells that are at least partly inside the list's viewport.
    private var onScreenCells: [Int] = []

    init(configuration: BenchmarkConfiguration) {
        var random = SplitMix64(seed: configuration.seed)
        nodes.reserveCapacity(configuration.viewCount)
        let size = Self.windowSize
        append(Node(parent: -1, frame: CGRect(origin: .zero, size: size), isOpaque: true))
        // Content is everything but the root view and the tab bar.
        let contentCount = configuration.viewCount - 2
        switch configuration.shape {
        case .wide: buildWide(contentCount: contentCount)
        case .deep: buildDeep(contentCount: contentCount, levels: configuration.viewCount <= 100 ? 60 : 100)
        case .scrollHeavy: buildScrollHeavy(contentCount: contentCount, random: &random)
        case .appLike: buildAppLike(contentCount: contentCount)
        }
        tabBar = append(Node(parent: 0, frame: CGRect(x: 0, y: size.height - 49, width: size.width, height: 49), isOpaque: true))
        decorate(shape: configuration.shape, random: &random)
        track(count: configuration.density.trackedCount(among: configuration.viewCount), random: &random)
    }

    /// Levels from the window down to the deepest view (the root view is at depth 1).
    var maximumDepth: Int {
        var depths = [Int](repeating: 1, count: nodes.count)
        for index in nodes.indices where nodes[index].parent >= 0 {
            depths[index] = depths[nodes[index].parent] + 1
        }
        return depths.max() ?? 0
    }

    /// How many tracked views are visible by the rules ignoring occlusion: not hidden (nor any ancestor),
    /// alpha product above 0 and at least ``minimumAlpha``, non-empty, and at least ``minimumVisibleRatio`` of
    /// the area left after clipping by every clipping ancestor and the window.
    func expectedVisibleCountIgnoringOcclusion() -> Int {
        let windowBox = CGRect(origin: .zero, size: Self.windowSize)
        // Per node: where its bounds' origin lies in the window, its clipped rectangle, what its children clip to.
        var contentOrigins = [CGPoint](repeating: .zero, count: nodes.count)
        var visibleRects = [CGRect](repeating: .zero, count: nodes.count)
        var childClips = [CGRect](repeating: .zero, count: nodes.count)
        var shown = [Bool](repeating: false, count: nodes.count)
        var alphas = [Double](repeating: 0, count: nodes.count)
        var frames = [CGRect](repeating: .zero, count: nodes.count)
        for (index, node) in nodes.enumerated() {
            let parentOrigin = node.parent >= 0 ? contentOrigins[node.parent] : .zero
            let parentClip = node.parent >= 0 ? childClips[node.parent] : windowBox
            let parentShown = node.parent >= 0 ? shown[node.parent] : true
            let parentAlpha = node.parent >= 0 ? alphas[node.parent] : 1
            let frame = node.frame.offsetBy(dx: parentOrigin.x, dy: parentOrigin.y)
            frames[index] = frame
            contentOrigins[index] = CGPoint(x: frame.minX - node.boundsOrigin.x, y: frame.minY - node.boundsOrigin.y)
            let visible = Self.intersection(frame, parentClip)
            visibleRects[index] = visible
            childClips[index] = node.clipsToBounds ? visible : parentClip
            shown[index] = parentShown && !node.isHidden
            alphas[index] = parentAlpha * Double(node.alpha)
        }
        var count = 0
        for (index, node) in nodes.enumerated() where node.isTracked {
            guard shown[index], alphas[index] > 0, alphas[index] >= Self.minimumAlpha else { continue }
            let fullArea = Self.area(frames[index])
            guard fullArea > 0 else { continue }
            let ratio = Self.area(visibleRects[index]) / fullArea
            if ratio > 0, ratio >= Self.minimumVisibleRatio { count += 1 }
        }
        return count
    }

    // MARK: - Private

    @discardableResult
    private mutating func append(_ node: Node) -> Int {
        if node.parent >= 0 { nodes[node.parent].childCount += 1 }
        nodes.append(node)
        return nodes.count - 1
    }

    /// A complete 10-ary tree in heap order: node `k` is the child of node `(k - 1) / 10`.
    private mutating func buildWide(contentCount: Int) {
        let fanout = 10
        guard contentCount > 0 else { return }
        for index in 1...contentCount {
            let parent = (index - 1) / fanout
            let frame = Self.tile(slot: (index - 1) % fanout, of: fanout, in: nodes[parent].frame.size)
            append(Node(parent: parent, frame: frame))
        }
    }

    /// Columns of `levels` nested containers; each container keeps a strip at its top for its leaves and
    /// holds the next level below the strip.
    private mutating func buildDeep(contentCount: Int, levels requestedLevels: Int) {
        let levels = max(1, min(requestedLevels, contentCount))
        let columns = max(1, contentCount / (2 * levels))
        let size = Self.windowSize
        let columnWidth = (size.width / CGFloat(columns)).rounded(.down)
        let stripHeight = (size.height / CGFloat(levels + 1)).rounded(.down)
        var containers: [Int] = []
        containers.reserveCapacity(columns * levels)
        for column in 0..<columns {
            var parent = 0
            for level in 0..<levels {
                let frame = level == 0
                    ? CGRect(x: CGFloat(column) * columnWidth, y: 0, width: columnWidth, height: size.height)
                    : CGRect(x: 0, y: stripHeight, width: columnWidth, height: nodes[parent].frame.height - stripHeight)
                parent = append(Node(parent: parent, frame: frame))
                containers.append(parent)
            }
        }
        // Leaves go round-robin over the containers, level by level across the columns.
        let leafCount = contentCount - containers.count
        guard leafCount > 0 else { return }
        var leavesPerContainer = [Int](repeating: 0, count: containers.count)
        for leaf in 0..<leafCount {
            let slot = leaf % containers.count
            leavesPerContainer[(slot % columns) * levels + slot / columns] += 1
        }
        for (position, container) in containers.enumerated() where leavesPerContainer[position] > 0 {
            let count = leavesPerContainer[position]
            let width = (columnWidth / CGFloat(count)).rounded(.down)
            for leaf in 0..<count {
                append(Node(parent: container, frame: CGRect(x: CGFloat(leaf) * width, y: 0, width: width, height: stripHeight)))
            }
        }
    }

    /// A full-screen vertical scroll view of rows; each row a horizontal scroll view of 25 cards; each card an
    /// image, a title and a button. Scrolled to the middle vertically and at random sideways.
    private mutating func buildScrollHeavy(contentCount: Int, random: inout SplitMix64) {
        let size = Self.windowSize
        let cardsPerRow = 25, rowHeight: CGFloat = 180, cardPitch: CGFloat = 160
        let viewsPerRow = 1 + 4 * cardsPerRow
        var remaining = contentCount - 1
        let rows = (remaining + viewsPerRow - 1) / viewsPerRow
        let vertical = append(Node(
            parent: 0, frame: CGRect(origin: .zero, size: size),
            boundsOrigin: CGPoint(x: 0, y: rows > 4 ? CGFloat(rows / 2) * rowHeight + 60 : 0),
            contentSize: CGSize(width: size.width, height: CGFloat(rows) * rowHeight),
            isScrollView: true, clipsToBounds: true
        ))
        let rowContentWidth = CGFloat(cardsPerRow) * cardPitch
        let cardParts = [
            CGRect(x: 0, y: 0, width: 150, height: 110),
            CGRect(x: 8, y: 114, width: 134, height: 20),
            CGRect(x: 8, y: 138, width: 60, height: 20),
        ]
        for row in 0..<rows where remaining > 0 {
            let offset = CGFloat(random.below(Int(rowContentWidth - size.width) + 1))
            let rowIndex = append(Node(
                parent: vertical, frame: CGRect(x: 0, y: CGFloat(row) * rowHeight, width: size.width, height: rowHeight - 10),
                boundsOrigin: CGPoint(x: offset, y: 0), contentSize: CGSize(width: rowContentWidth, height: rowHeight - 10),
                isScrollView: true, clipsToBounds: true
            ))
            remaining -= 1
            for card in 0..<cardsPerRow where remaining > 0 {
                let cardIndex = append(Node(
                    parent: rowIndex, frame: CGRect(x: CGFloat(card) * cardPitch + 5, y: 5, width: 150, height: 160)
                ))
                remaining -= 1
                for part in cardParts where remaining > 0 {
                    append(Node(parent: cardIndex, frame: part))
                    remaining -= 1
                }
            }
        }
    }

    /// A navigation bar (a clear bar holding an opaque background, a title and two buttons), a full-screen
    /// vertical scroll view of 88-point cells (cell, image, title, subtitle, button) scrolled to the middle,
    /// and a floating overlay (a clear container holding an opaque card, a label and a button) above it all.
    private mutating func buildAppLike(contentCount: Int) {
        let size = Self.windowSize
        let barHeight: CGFloat = 91, cellHeight: CGFloat = 88, viewsPerCell = 5
        let fixed = 1 + 5 + 4
        let cellViews = max(contentCount - fixed, 0)
        let rows = (cellViews + viewsPerCell - 1) / viewsPerCell
        let scroll = append(Node(
            parent: 0, frame: CGRect(origin: .zero, size: size),
            boundsOrigin: CGPoint(x: 0, y: rows > 12 ? CGFloat(rows / 2) * cellHeight + 40 : 0),
            contentSize: CGSize(width: size.width, height: CGFloat(rows) * cellHeight),
            isScrollView: true, clipsToBounds: true
        ))
        var remaining = cellViews
        let parts = [
            (CGRect(x: 12, y: 12, width: 64, height: 64), true),
            (CGRect(x: 88, y: 14, width: 220, height: 22), false),
            (CGRect(x: 88, y: 42, width: 220, height: 18), false),
            (CGRect(x: 318, y: 24, width: 60, height: 40), false),
        ]
        for row in 0..<rows where remaining > 0 {
            let cell = append(Node(
                parent: scroll, frame: CGRect(x: 0, y: CGFloat(row) * cellHeight, width: size.width, height: cellHeight - 1),
                isOpaque: true
            ))
            let offset = nodes[scroll].boundsOrigin.y
            if nodes[cell].frame.maxY > offset, nodes[cell].frame.minY < offset + size.height { onScreenCells.append(cell) }
            remaining -= 1
            for (frame, isImage) in parts where remaining > 0 {
                append(Node(parent: cell, frame: frame, isOpaque: isImage))
                remaining -= 1
            }
        }
        let bar = append(Node(parent: 0, frame: CGRect(x: 0, y: 0, width: size.width, height: barHeight), isDecorated: false))
        append(Node(parent: bar, frame: CGRect(x: 0, y: 0, width: size.width, height: barHeight), isOpaque: true, isDecorated: false))
        append(Node(parent: bar, frame: CGRect(x: 120, y: 55, width: 150, height: 24)))
        append(Node(parent: bar, frame: CGRect(x: 8, y: 50, width: 44, height: 34)))
        append(Node(parent: bar, frame: CGRect(x: 338, y: 50, width: 44, height: 34)))
        let overlay = append(Node(parent: 0, frame: CGRect(x: 16, y: 640, width: 358, height: 140), isDecorated: false))
        let card = append(Node(parent: overlay, frame: CGRect(x: 0, y: 20, width: 358, height: 100), isOpaque: true, isDecorated: false))
        append(Node(parent: card, frame: CGRect(x: 16, y: 16, width: 240, height: 22)))
        append(Node(parent: card, frame: CGRect(x: 16, y: 50, width: 120, height: 36)))
    }

    /// Hides some views (leaves; containers too in the wide shape), makes some transparent or translucent and
    /// gives 40 % an opaque background (occluder candidates for the scanner). Scroll views stay plain.
    private mutating func decorate(shape: HierarchyShape, random: inout SplitMix64) {
        let containerHiding = shape == .wide ? 0.01 : 0
        for index in 1..<tabBar where !nodes[index].isScrollView && nodes[index].isDecorated {
            let isLeaf = nodes[index].childCount == 0
            nodes[index].isHidden = random.chance(isLeaf ? 0.02 : containerHiding)
            if isLeaf, random.chance(0.01) {
                nodes[index].alpha = 0
            } else if random.chance(0.03) {
                nodes[index].alpha = 0.5
            }
            nodes[index].isOpaque = random.chance(0.4)
        }
    }

    /// Tracks `count` content views (never the root view or the tab bar): the app shape's on-screen cells
    /// first (a feed tracks its cells, and these are the ones its bars and overlay cover), then views chosen
    /// uniformly.
    private mutating func track(count: Int, random: inout SplitMix64) {
        var candidates = Array(1..<tabBar)
        var picks = 0
        for cell in onScreenCells where picks < count {
            nodes[cell].isTracked = true
            picks += 1
        }
        candidates.removeAll { nodes[$0].isTracked }
        for pick in 0..<min(count - picks, candidates.count) {
            candidates.swapAt(pick, pick + random.below(candidates.count - pick))
            nodes[candidates[pick]].isTracked = true
        }
    }

    /// Slot `slot` of a grid of `count` equal integral cells laid over `size`, close to square cells.
    private static func tile(slot: Int, of count: Int, in size: CGSize) -> CGRect {
        let aspect = size.height > 0 ? Double(size.width / size.height) : 1
        let columns = max(1, Int((Double(count) * aspect).squareRoot().rounded(.up)))
        let rows = (count + columns - 1) / columns
        let width = (size.width / CGFloat(columns)).rounded(.down)
        let height = (size.height / CGFloat(rows)).rounded(.down)
        return CGRect(x: CGFloat(slot % columns) * width, y: CGFloat(slot / columns) * height, width: width, height: height)
    }

    /// The overlap of two rectangles, `.zero` when they do not overlap.
    private static func intersection(_ lhs: CGRect, _ rhs: CGRect) -> CGRect {
        let x0 = max(lhs.minX, rhs.minX), y0 = max(lhs.minY, rhs.minY)
        let x1 = min(lhs.maxX, rhs.maxX), y1 = min(lhs.maxY, rhs.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private static func area(_ rect: CGRect) -> Double {
        Double(rect.width) * Double(rect.height)
    }
}
