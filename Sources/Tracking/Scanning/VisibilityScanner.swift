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
/// Which views are screen roots, and which screen an element belongs to, is the ``ScreenRule``, which tap
/// attribution applies too.
///
/// SwiftUI anchors (``TrackingAnchorView``) are views like any other, plus what their ``TrackingAnchor``
/// component declares: a screen anchor is a screen root (its own rectangle, the screen rule); an element
/// anchor whose environment names a screen is attributed to the screen anchor with that component (in any
/// window of the scene), else listed with that screen at ratio 0, instead of the nearest tracked controller; an
/// occluder anchor is an opaque occluder whatever its background colour. Anchors are marked on the skeleton,
/// so the scan finds them without looking views up; only the occluder search of a left-out window looks
/// marks up, and only when an occluder anchor exists.
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
///
/// ## Windows left out
/// ``scan(into:excluding:)`` leaves out the screens and elements of the windows a ``WindowExclusion`` names
/// (the tracker's windows with a transition in flight). Such a window has no skeleton: the second pass walks
/// it for occluders only, with the same pruning, so its opaque views hide what lies behind them in the
/// windows behind exactly as when it is scanned. One scan, no extra allocation.
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
    func scan(into result: inout ScanResult, excluding exclusion: any WindowExclusion) -> Bool {
        var observer = NoScanObserver()
        return scanConnectedScenes(into: &result, observer: &observer, excluding: exclusion)
    }

    /// ``scan(into:)`` reporting its anchors to `observer`, leaving out the windows `exclusion` names.
    /// - Returns: Whether any window was left out.
    @discardableResult
    func scanConnectedScenes<Observer: ScanObserver>(
        into result: inout ScanResult, observer: inout Observer, excluding exclusion: (any WindowExclusion)? = nil
    ) -> Bool {
        guard !isScanning else { return false }
        isScanning = true
        defer { finishScan() }
        collectConnectedWindows()
        let excludesAny = exclusion?.findExcludedWindows(among: windowBuffer, into: &excludedWindows) ?? false
        if !excludesAny { excludedWindows.removeAll(keepingCapacity: true) }
        run(into: &result, observer: &observer)
        return excludesAny
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

    // MARK: - Scan state

    // The scan's own storage, reused from scan to scan; only the scanner's passes (its extensions) touch it.
    // `@exclusivity(unchecked)`: the dynamic exclusivity checks on these buffers took a fifth of a scan
    // (measured with perf). Accesses cannot overlap: the scanner is main-actor isolated and a re-entrant scan
    // returns at once (`isScanning`).
    @exclusivity(unchecked) var isScanning = false
    @exclusivity(unchecked) var marks = ViewMarkTable()
    @exclusivity(unchecked) var nodes: ContiguousArray<Node> = []
    @exclusivity(unchecked) var windowBuffer: ContiguousArray<UIWindow> = []
    /// Per window of `windowBuffer`, whether the scan leaves its contribution out; empty when none is.
    @exclusivity(unchecked) var excludedWindows: ContiguousArray<Bool> = []
    /// End index in `windowBuffer` of each scene's windows (scenes do not occlude each other).
    @exclusivity(unchecked) var sceneEnds: ContiguousArray<Int> = []
    @exclusivity(unchecked) var screenSnapshot: ContiguousArray<TrackingScreen> = []
    /// Per screen snapshot, the node of its root view (a controller's root or a screen anchor) once the
    /// first pass reached it, else -1.
    @exclusivity(unchecked) var snapshotNodes: ContiguousArray<Int32> = []
    /// Per screen snapshot reached by no node, its index in the result's screens once listed there, else -1.
    @exclusivity(unchecked) var snapshotResults: ContiguousArray<Int32> = []
    /// Whether any anchor counts as a cover (`View.trackingOccluder()`): only then does the occluder
    /// search of a left-out window look anchors up.
    @exclusivity(unchecked) var hasOccluderAnchors = false
    @exclusivity(unchecked) var byPreorder: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var occludersAbove: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var occluders = OccluderIndex()
    @exclusivity(unchecked) var spans: ContiguousArray<WindowSpan> = []
    /// Scene-space visible rectangles of the scene's undecided anchors, window by window, front first.
    @exclusivity(unchecked) var undecidedAnchors: ContiguousArray<ScanBox> = []
    /// Scene-space visible rectangles of the current window's undecided anchors painted so far.
    @exclusivity(unchecked) var paintedAnchors: ContiguousArray<ScanBox> = []
    @exclusivity(unchecked) var paintedBounds: ScanBox?
    @exclusivity(unchecked) var behindStart = 0
    @exclusivity(unchecked) var behindBounds: ScanBox?
    /// Per painting position, the first anchor whose subtree ends there (linked through `nextEnding`).
    @exclusivity(unchecked) var endingAt: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var placedOccluders: ContiguousArray<PlacedOccluder> = []
    @exclusivity(unchecked) var pendingViews: ContiguousArray<PendingView> = []

    // MARK: - Scan

    /// Ends a scan: empties the buffers that hold views or windows, keeping their storage.
    func finishScan() {
        // Drop every strong reference so the scanner never keeps views alive between scans.
        nodes.removeAll(keepingCapacity: true)
        windowBuffer.removeAll(keepingCapacity: true)
        excludedWindows.removeAll(keepingCapacity: true)
        sceneEnds.removeAll(keepingCapacity: true)
        screenSnapshot.removeAll(keepingCapacity: true)
        pendingViews.removeAll(keepingCapacity: true)
        isScanning = false
    }

    /// Scans the windows in `windowBuffer`, scene by scene: both passes, measurement and result.
    func run<Observer: ScanObserver>(into result: inout ScanResult, observer: inout Observer) {
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
                    behind = behind?.union(undecidedAnchors[anchor]) ?? undecidedAnchors[anchor]
                }
            }
            // Second pass and measurement, front to back: each window's occluders join the index before the
            // windows behind it are measured.
            for position in spans.indices {
                let span = spans[position]
                behindStart = span.anchorEnd
                behindBounds = span.behindBounds
                orderForPainting(start: span.start, end: span.end)
                collectOccluders(in: span, result: &result)
                measureAnchors(in: span)
            }
            // Results once the whole scene is measured: an element anchor's SwiftUI screen may be an anchor
            // in a window behind its own.
            for position in spans.indices {
                let span = spans[position]
                emit(start: span.start, end: span.end, windowIndex: span.windowIndex, into: &result, observer: &observer)
            }
            sceneStart = sceneEnd
        }
    }
}
