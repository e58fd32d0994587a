#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Finds the tracked screens and elements that are really visible, a few times a second, without
/// allocating and without visiting views that cannot change the answer.
///
/// ## What counts as visible
/// A view is visible when it, every ancestor and its window are not hidden; the product of their alphas
/// (each clamped to `[0, 1]`, NaN counting as 0) is above 0 and at least `minimumAlpha`; its bounds have a
/// non-empty area; and the part of its window-space rectangle that survives clipping (by every
/// `clipsToBounds` ancestor and by the window) and occlusion covers a fraction of its full area above 0
/// and at least `minimumVisibleRatio`. Transformed views count by the bounding box of their transformed
/// bounds, as `convert(_:to:)` returns it, and clip by the bounding box of a transformed clipping ancestor.
/// A view whose window-space geometry is NaN or infinite is not visible, nor is anything inside it
/// (counted in ``ScanResult/viewsWithInvalidGeometry``).
///
/// ## Occlusion
/// An *opaque occluder* is a view that is not hidden, whose alpha product (with its ancestors and window)
/// is exactly 1, whose `backgroundColor` has alpha 1 (read with `getRed(_:green:blue:alpha:)`, else
/// `getWhite(_:alpha:)`; other colours count as transparent), and whose clipped window-space rectangle is
/// not empty. It hides what lies under that rectangle and is painted before it: views earlier in the
/// painting order of its window (except its own ancestors, which it is part of visually, and its
/// descendants, which paint over it) and everything in windows behind its window. `isOpaque` is a drawing
/// hint and is ignored. The covered area is subtracted exactly (the union of all occluders in front).
///
/// Occlusion is exact: an occluder counts wherever it sits in the hierarchy (a card inside a translucent
/// dimming view of an untracked child controller, a HUD nested in containers). The scan skips only views
/// that provably cannot hide an undecided anchor (a tracked view or a tracked screen's root view that is
/// still on the way to being visible):
/// - hidden subtrees, and subtrees whose alpha product is below 1 and hold no anchor (nothing in them is
///   opaque);
/// - subtrees under a clipping view whose clip misses every undecided anchor painted before them or lying
///   in a window behind (and under a clipping occluder, whose clip it already covers);
/// - subtrees painted before every undecided anchor of their window, when no window behind holds one.
///
/// ## Screens
/// A controller's screen is visible by the same rules applied to its root view (`viewIfLoaded`). A visible
/// element is attributed to the nearest view up its tree that is the root view of a tracked controller.
/// That screen appears in ``ScanResult/screens`` even when its own ratio is below the threshold (so that
/// its elements keep their context); consumers filter screens by ``VisibleScreen/visibleRatio``.
///
/// ## Order and cost
/// Windows are scanned front-most first: higher `windowLevel` first, then, within a level, the window
/// later in its scene's `windows` array (shown later) first. A scene is scanned in two passes. The first
/// walks each window breadth-first along the *skeleton* (the views on paths from the window to the
/// anchors) and their direct subviews, placing every anchor. The second numbers that skeleton in painting
/// order and walks, depth-first, only the off-skeleton subtrees that may hide an undecided anchor,
/// collecting their occluders. Window-space transform, clip rectangle and alpha are carried in reused flat
/// storage: no `convert(_:to:)` calls, no dictionaries, no allocation once the buffers have grown.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
package final class VisibilityScanner {
    // MARK: - Internal

    /// The fraction of a view's area that must be visible, in `[0, 1]`.
    let minimumVisibleRatio: Double
    /// The alpha product below which a view is invisible, in `[0, 1]`.
    let minimumAlpha: Double
    /// Where the components come from.
    let store: TrackingComponentStore

    /// - Parameters:
    ///   - minimumVisibleRatio: The fraction of a view's area that must be visible; NaN means 0.5, other
    ///     values are clamped to `[0, 1]`.
    ///   - minimumAlpha: The alpha product below which a view is invisible; NaN means 0.01, other values
    ///     are clamped to `[0, 1]`.
    ///   - store: Where the components come from.
    package init(minimumVisibleRatio: Double, minimumAlpha: Double, store: TrackingComponentStore = .shared) {
        self.minimumVisibleRatio = minimumVisibleRatio.isNaN ? 0.5 : min(max(minimumVisibleRatio, 0), 1)
        self.minimumAlpha = minimumAlpha.isNaN ? 0.01 : min(max(minimumAlpha, 0), 1)
        self.store = store
    }

    /// Scans every visible window of every connected `UIWindowScene`, front-most first, appending to
    /// `result` (call ``ScanResult/removeAll()`` first to reuse it).
    package func scan(into result: inout ScanResult) {
        var observer = NoScanObserver()
        scanConnectedScenes(into: &result, observer: &observer)
    }

    /// Scans the given windows, which must be ordered front-most first and share one coordinate space,
    /// appending to `result`. Hidden windows are skipped.
    package func scan(windows: [UIWindow], into result: inout ScanResult) {
        var observer = NoScanObserver()
        scan(windows: windows, into: &result, observer: &observer)
    }

    /// ``scan(into:)`` leaving out what the windows that `exclusion` names contribute: their screens and
    /// elements are not in `result`, but their opaque views still hide what lies behind them.
    /// - Returns: Whether any window was left out.
    @discardableResult
    func scan(into result: inout ScanResult, excluding exclusion: some WindowExclusion) -> Bool {
        guard !isScanning else { return false }
        isScanning = true
        defer { finishScan() }
        collectConnectedWindows()
        let excludesAny = exclusion.findExcludedWindows(among: windowBuffer)
        if excludesAny {
            for window in windowBuffer { excludedWindows.append(exclusion.excludes(window)) }
        }
        var observer = NoScanObserver()
        run(into: &result, observer: &observer)
        return excludesAny
    }

    /// ``scan(into:)`` reporting its anchors to `observer`.
    func scanConnectedScenes<Observer: ScanObserver>(into result: inout ScanResult, observer: inout Observer) {
        guard !isScanning else { return }
        isScanning = true
        defer { finishScan() }
        collectConnectedWindows()
        run(into: &result, observer: &observer)
    }

    /// ``scan(windows:into:)`` reporting its anchors to `observer`.
    func scan<Observer: ScanObserver>(windows: [UIWindow], into result: inout ScanResult, observer: inout Observer) {
        guard !isScanning else { return }
        isScanning = true
        defer { finishScan() }
        for window in windows where !window.isHidden { windowBuffer.append(window) }
        sceneEnds.append(windowBuffer.count)
        run(into: &result, observer: &observer)
    }

    /// The visible windows of the connected scenes, front-most first (scene by scene), as a scan sees them.
    func orderedConnectedWindows() -> [UIWindow] {
        guard !isScanning else { return [] }
        isScanning = true
        defer { finishScan() }
        collectConnectedWindows()
        return Array(windowBuffer)
    }

    // MARK: - Private

    /// One view the first pass reached, in breadth-first order; children of a node are contiguous.
    private struct Node {
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
        /// The next anchor whose subtree ends at the same painting position, or -1.
        var nextEnding: Int32 = -1
        var unoccludedRatio = 0.0
        var ratio = 0.0
        /// Index in the result's screens once appended there.
        var resultScreen: Int32 = -1
    }

    /// The node range and scene offset of one window the first pass walked.
    private struct WindowSpan {
        var start: Int
        var end: Int
        var windowIndex: Int
        var sceneDX: Double
        var sceneDY: Double
        /// This window's undecided anchors in `undecidedAnchors`.
        var anchorStart = 0
        var anchorEnd = 0
        /// The bounding box of the undecided anchors of the windows behind this one, or `nil`.
        var behindBounds: ScanBox?
    }

    /// An occluder in scene coordinates and the painting position (in the window's skeleton) it stands at.
    private struct PlacedOccluder {
        var box: ScanBox
        var position: Int32
    }

    /// The subviews of a view that the second pass still has to read, with that view's placement.
    private struct PendingView {
        var subviews: [UIView]
        var transform: WindowTransform
        var clip: ScanBox
    }

    /// Up to this many undecided anchors are tested one by one before a subtree is pruned; beyond it, their
    /// bounding box decides (conservatively: a subtree is walked when the box meets its clip).
    private static let individuallyTestedAnchors = 32

    // `@exclusivity(unchecked)`: the dynamic exclusivity checks on these buffers took a fifth of a scan
    // (measured with perf). Accesses cannot overlap: the scanner is main-actor isolated and a re-entrant scan
    // returns at once (`isScanning`).
    @exclusivity(unchecked) private var isScanning = false
    @exclusivity(unchecked) private var marks = ViewMarkTable()
    @exclusivity(unchecked) private var nodes: ContiguousArray<Node> = []
    @exclusivity(unchecked) private var windowBuffer: ContiguousArray<UIWindow> = []
    /// Per window of `windowBuffer`, whether the scan leaves its contribution out; empty when none is.
    @exclusivity(unchecked) private var excludedWindows: ContiguousArray<Bool> = []
    /// End index in `windowBuffer` of each scene's windows (scenes do not occlude each other).
    @exclusivity(unchecked) private var sceneEnds: ContiguousArray<Int> = []
    @exclusivity(unchecked) private var screenSnapshot: ContiguousArray<TrackingScreen> = []
    @exclusivity(unchecked) private var byPreorder: ContiguousArray<Int32> = []
    @exclusivity(unchecked) private var occludersAbove: ContiguousArray<Int32> = []
    @exclusivity(unchecked) private var occluders = OccluderIndex()
    @exclusivity(unchecked) private var spans: ContiguousArray<WindowSpan> = []
    /// Scene-space visible rectangles of the scene's undecided anchors, window by window, front first.
    @exclusivity(unchecked) private var undecidedAnchors: ContiguousArray<ScanBox> = []
    /// Scene-space visible rectangles of the current window's undecided anchors painted so far.
    @exclusivity(unchecked) private var paintedAnchors: ContiguousArray<ScanBox> = []
    @exclusivity(unchecked) private var paintedBounds: ScanBox?
    @exclusivity(unchecked) private var behindStart = 0
    @exclusivity(unchecked) private var behindBounds: ScanBox?
    /// Per painting position, the first anchor whose subtree ends there (linked through `nextEnding`).
    @exclusivity(unchecked) private var endingAt: ContiguousArray<Int32> = []
    @exclusivity(unchecked) private var placedOccluders: ContiguousArray<PlacedOccluder> = []
    @exclusivity(unchecked) private var pendingViews: ContiguousArray<PendingView> = []

    private func finishScan() {
        // Drop every strong reference so the scanner never keeps views alive between scans.
        nodes.removeAll(keepingCapacity: true)
        windowBuffer.removeAll(keepingCapacity: true)
        excludedWindows.removeAll(keepingCapacity: true)
        sceneEnds.removeAll(keepingCapacity: true)
        screenSnapshot.removeAll(keepingCapacity: true)
        pendingViews.removeAll(keepingCapacity: true)
        isScanning = false
    }

    private func collectConnectedWindows() {
        for scene in UIApplication.shared.connectedScenes {
            // A scene in the background (or not attached) shows nothing, whatever its windows say.
            guard let windowScene = scene as? UIWindowScene,
                  windowScene.activationState == .foregroundActive || windowScene.activationState == .foregroundInactive
            else { continue }
            let start = windowBuffer.count
            // Reversed, then a stable sort by level: within a level, the later-shown window comes first.
            for window in windowScene.windows.reversed() where !window.isHidden { windowBuffer.append(window) }
            var i = start + 1
            while i < windowBuffer.count {
                let window = windowBuffer[i]
                let level = window.windowLevel.rawValue
                var j = i - 1
                while j >= start && windowBuffer[j].windowLevel.rawValue < level {
                    windowBuffer[j + 1] = windowBuffer[j]
                    j -= 1
                }
                windowBuffer[j + 1] = window
                i += 1
            }
            if windowBuffer.count > start { sceneEnds.append(windowBuffer.count) }
        }
    }

    private func run<Observer: ScanObserver>(into result: inout ScanResult, observer: inout Observer) {
        markSkeleton()
        var sceneStart = 0
        for sceneEnd in sceneEnds {
            guard sceneStart < sceneEnd else { continue }
            let first = windowBuffer[sceneStart]
            occluders.reset(frame: Self.sceneBox(of: first, rect: first.bounds))
            // First pass over every window of the scene: a front window must know the anchors behind it.
            spans.removeAll(keepingCapacity: true)
            undecidedAnchors.removeAll(keepingCapacity: true)
            for index in sceneStart..<sceneEnd {
                let isExcluded = !excludedWindows.isEmpty && excludedWindows[index]
                walkSkeleton(
                    of: windowBuffer[index], windowIndex: index, isExcluded: isExcluded,
                    wantsAll: observer.observesAnchors, result: &result
                )
            }
            var behind: ScanBox?
            for position in spans.indices.reversed() {
                spans[position].behindBounds = behind
                for anchor in spans[position].anchorStart..<spans[position].anchorEnd {
                    behind = Self.union(behind, undecidedAnchors[anchor])
                }
            }
            // Second pass and measurement, front to back: each window's occluders join the index before the
            // windows behind it are measured.
            for position in spans.indices {
                let span = spans[position]
                behindStart = span.anchorEnd
                behindBounds = span.behindBounds
                orderForPainting(start: span.start, end: span.end)
                collectOccluders(in: span, wantsAll: observer.observesAnchors, result: &result)
                measureAnchors(in: span, wantsAll: observer.observesAnchors)
                emit(start: span.start, end: span.end, windowIndex: span.windowIndex, into: &result, observer: &observer)
            }
            sceneStart = sceneEnd
        }
    }

    // MARK: Skeleton

    private static func key(_ object: AnyObject) -> UInt {
        UInt(bitPattern: ObjectIdentifier(object))
    }

    /// Marks the anchors and every view on their paths up to the window, purging dead store entries.
    private func markSkeleton() {
        marks.removeAll()
        // No `window` check: in the common case it costs more than the path walk it would save, which
        // stops at the first ancestor already marked.
        store.elements.forEachLivePurgingDead { view, index in
            markPath(to: view, flags: [.path, .element], element: Int32(truncatingIfNeeded: index))
        }
        store.screens.forEachLivePurgingDead { controller, index in
            if let root = controller.viewIfLoaded, root.window != nil {
                let snapshot = Int32(truncatingIfNeeded: screenSnapshot.count)
                screenSnapshot.append(store.screens.entries[index].component)
                markPath(to: root, flags: [.path, .screenRoot], screen: snapshot)
            }
        }
    }

    private func markPath(to view: UIView, flags: ViewMarkTable.Flags, element: Int32 = -1, screen: Int32 = -1) {
        let old = marks.insert(flags, element: element, screen: screen, for: Self.key(view))
        guard !old.flags.contains(.path) else { return }
        var current = view.superview
        while let ancestor = current {
            // Paths merge: once an ancestor is marked, so is everything above it.
            if marks.insert(.path, for: Self.key(ancestor)).flags.contains(.path) { return }
            current = ancestor.superview
        }
    }

    // MARK: First pass

    /// Walks the window's skeleton into `nodes` and records the window's span and undecided anchors. An
    /// excluded window has no skeleton: its one node holds occluders only, for the second pass to find.
    private func walkSkeleton(
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
            undecidedAnchors.append(nodes[node].visible.offsetBy(sceneDX, sceneDY))
        }
        spans.append(WindowSpan(
            start: start, end: end, windowIndex: windowIndex, sceneDX: sceneDX, sceneDY: sceneDY,
            anchorStart: anchorStart, anchorEnd: undecidedAnchors.count
        ))
    }

    /// The window's rectangle `rect` (in its own coordinates) in its scene's coordinates.
    private static func sceneBox(of window: UIWindow, rect: CGRect) -> ScanBox {
        let frame = window.frame, bounds = window.bounds
        let dx = Double(frame.origin.x) - Double(bounds.origin.x)
        let dy = Double(frame.origin.y) - Double(bounds.origin.y)
        return WindowTransform.identity.boundingBox(of: rect).offsetBy(dx, dy)
    }

    private func walkBreadthFirst(from start: Int, result: inout ScanResult) {
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

    private func visitSkeletonView(
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
        nodes.append(Node(
            view: view, parent: parent, mark: mark, expands: expands,
            isOccluder: alpha == 1 && !visible.isEmpty && Self.isOpaque(view.backgroundColor),
            transform: transform, frame: frame, visible: visible, clip: clip, alpha: alpha,
            context: mark.flags.contains(.screenRoot) ? index : parentContext
        ))
    }

    /// A subview off the skeleton holds no anchor: it matters only as an occluder or for the occluders
    /// inside it, which the second pass looks for when they may hide something.
    private func visitOffSkeletonView(
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
    private static func placement(
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
    private func isUndecidedAnchor(_ node: Int, wantsAll: Bool) -> Bool {
        let flags = nodes[node].mark.flags
        guard flags.contains(.element) || flags.contains(.screenRoot) else { return false }
        let fullArea = nodes[node].frame.area, visibleArea = nodes[node].visible.area
        guard fullArea > 0, visibleArea > 0 else { return false }
        return flags.contains(.screenRoot) || wantsAll || min(visibleArea / fullArea, 1) >= minimumVisibleRatio
    }

    // MARK: Painting order and occlusion

    /// Numbers the window's nodes in painting order (pre-order: a view, then its subviews back to front),
    /// so that "painted after this view's whole subtree" is "pre-order index ≥ preorder + subtreeSize".
    /// Off-skeleton nodes are leaves here: their subtrees paint contiguously at their position.
    private func orderForPainting(start: Int, end: Int) {
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
    private func collectOccluders(in span: WindowSpan, wantsAll: Bool, result: inout ScanResult) {
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
                paintedBounds = Self.union(paintedBounds, box)
                ending = nodes[Int(ending)].nextEnding
            }
            let node = Int(byPreorder[position])
            if isUndecidedAnchor(node, wantsAll: wantsAll) {
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
    private func walkForOccluders(under node: Int, position: Int32, span: WindowSpan, result: inout ScanResult) {
        let dx = span.sceneDX, dy = span.sceneDY
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
                let isOccluder = !visible.isEmpty && Self.isOpaque(child.backgroundColor)
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
    private func mayHide(_ box: ScanBox) -> Bool {
        if let behindBounds, !box.intersection(behindBounds).isEmpty {
            if undecidedAnchors.count - behindStart > Self.individuallyTestedAnchors { return true }
            for anchor in behindStart..<undecidedAnchors.count where !box.intersection(undecidedAnchors[anchor]).isEmpty {
                return true
            }
        }
        if let paintedBounds, !box.intersection(paintedBounds).isEmpty {
            if paintedAnchors.count > Self.individuallyTestedAnchors { return true }
            for anchor in paintedAnchors where !box.intersection(anchor).isEmpty { return true }
        }
        return false
    }

    private static func union(_ box: ScanBox?, _ other: ScanBox) -> ScanBox {
        guard let box else { return other }
        return ScanBox(x0: min(box.x0, other.x0), y0: min(box.y0, other.y0), x1: max(box.x1, other.x1), y1: max(box.y1, other.y1))
    }

    /// Works out every anchor's ratios against the occluders in front of it.
    private func measureAnchors(in span: WindowSpan, wantsAll: Bool) {
        for node in span.start..<span.end {
            let flags = nodes[node].mark.flags
            guard flags.contains(.element) || flags.contains(.screenRoot) else { continue }
            let fullArea = nodes[node].frame.area
            let query = nodes[node].visible.offsetBy(span.sceneDX, span.sceneDY)
            let visibleArea = query.area
            guard fullArea > 0, visibleArea > 0 else { continue }
            let unoccluded = min(visibleArea / fullArea, 1)
            nodes[node].unoccludedRatio = unoccluded
            // An element already below the threshold cannot rise above it; a screen's ratio is still wanted
            // as its elements' context.
            guard unoccluded >= minimumVisibleRatio || flags.contains(.screenRoot) || wantsAll else {
                nodes[node].ratio = unoccluded
                continue
            }
            let after = Int(nodes[node].preorder + nodes[node].subtreeSize)
            let covered = occluders.coveredArea(of: query, amongFirst: Int(occludersAbove[after]))
            nodes[node].ratio = min(max(visibleArea - covered, 0) / fullArea, 1)
        }
    }

    // MARK: Result

    private func emit<Observer: ScanObserver>(
        start: Int, end: Int, windowIndex: Int, into result: inout ScanResult, observer: inout Observer
    ) {
        for node in start..<end {
            let mark = nodes[node].mark
            let isElement = mark.flags.contains(.element)
            let isScreen = mark.flags.contains(.screenRoot)
            guard isElement || isScreen else { continue }
            let ratio = nodes[node].ratio
            let isVisible = ratio > 0 && ratio >= minimumVisibleRatio
            if isScreen, isVisible, nodes[node].resultScreen < 0 {
                appendScreen(node: node, into: &result)
            }
            if isElement, isVisible {
                var screenIndex: Int?
                let context = Int(nodes[node].context)
                if context >= 0 {
                    if nodes[context].resultScreen < 0 { appendScreen(node: context, into: &result) }
                    screenIndex = Int(nodes[context].resultScreen)
                }
                if let element = store.elements.component(at: Int(mark.element), key: ObjectIdentifier(nodes[node].view)) {
                    result.elements.append(VisibleElement(element: element, screenIndex: screenIndex, visibleRatio: ratio))
                }
            }
            if observer.observesAnchors {
                let context = Int(nodes[node].context)
                observer.observe(ScanAnchor(
                    view: nodes[node].view, windowIndex: windowIndex, frame: nodes[node].frame,
                    unoccludedRatio: nodes[node].unoccludedRatio, visibleRatio: ratio,
                    element: isElement
                        ? store.elements.component(at: Int(mark.element), key: ObjectIdentifier(nodes[node].view)) : nil,
                    screen: isScreen ? screenSnapshot[Int(mark.screen)] : nil,
                    contextScreen: context >= 0 ? screenSnapshot[Int(nodes[context].mark.screen)] : nil
                ))
            }
        }
    }

    private func appendScreen(node: Int, into result: inout ScanResult) {
        nodes[node].resultScreen = Int32(truncatingIfNeeded: result.screens.count)
        result.screens.append(VisibleScreen(
            screen: screenSnapshot[Int(nodes[node].mark.screen)], visibleRatio: nodes[node].ratio
        ))
    }

    // MARK: Properties

    /// Alpha clamped to `[0, 1]`, NaN as 0.
    private static func clampedAlpha(_ alpha: CGFloat) -> Double {
        let value = Double(alpha)
        guard value > 0 else { return 0 }
        return min(value, 1)
    }

    /// Whether a background colour paints every pixel: alpha exactly 1 in an RGB or grayscale space.
    private static func isOpaque(_ color: UIColor?) -> Bool {
        guard let color else { return false }
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        if color.getRed(&red, green: &green, blue: &blue, alpha: &alpha) { return alpha >= 1 }
        var white: CGFloat = 0
        if color.getWhite(&white, alpha: &alpha) { return alpha >= 1 }
        return false
    }
}
