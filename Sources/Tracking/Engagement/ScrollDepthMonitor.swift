#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Measures how far down each visible screen's main vertical scroll view shows its content, exactly.
///
/// Scans see where a scroll view rests, but none runs while a finger drags (the run loop is in
/// `.tracking` then), so a point passed without stopping would be missed. The monitor therefore also
/// gives each main scroll view's own `panGestureRecognizer` one extra, passive target (public API, no
/// swizzling, no KVO): it runs after the scroll view's own handler on every move of the drag and reads
/// the offset that handler just set, O(screens) per move. Deceleration after the finger lifts ends where
/// the scan after it looks, and animated scrolls end where they are deepest, so the scans cover both.
///
/// Each depth goes to `onDepth`, which keeps the deepest per screen span (the recorder). Entries live while
/// their screen's span does: memory is bounded by the visible screens.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class ScrollDepthMonitor {
    // MARK: - Internal

    /// - Parameters:
    ///   - store: Where screens' controllers are found.
    ///   - minimumVisibleRatio: The ratio at which a screen is visible.
    ///   - onDepth: Receives each depth measured, with its screen.
    init(
        store: TrackingComponentStore, minimumVisibleRatio: Double,
        onDepth: @escaping @MainActor (TrackingScreen, Double) -> Void
    ) {
        self.store = store
        self.minimumVisibleRatio = minimumVisibleRatio
        self.onDepth = onDepth
    }

    /// Measures every screen's main scroll view as it is now: before a scan's recording, so a span that the
    /// scan ends still gets the depth scrolled to since the scan before (a programmatic scroll).
    func sample() {
        for entry in entries {
            guard let scrollView = entry.scrollView, let depth = ScrollDepth.depth(of: scrollView) else { continue }
            onDepth(entry.screen, depth)
        }
    }

    /// Follows a scan's recording: forgets screens whose span ended, finds the main scroll view of each
    /// visible screen (again at most once per ``searchInterval`` while it has none or lost it), and measures
    /// each.
    /// - Parameters:
    ///   - result: The scan's result.
    ///   - uptime: The scan's uptime, for the search interval.
    ///   - isLive: Whether a screen has a live span.
    func update(with result: ScanResult, at uptime: Double, isLive: (TrackingScreen) -> Bool) {
        if entries.contains(where: { !isLive($0.screen) }) {
            entries.removeAll { !isLive($0.screen) }
        }
        for visible in result.screens where visible.visibleRatio >= minimumVisibleRatio && isLive(visible.screen) {
            let index: Int
            if let existing = entries.firstIndex(where: { $0.screen == visible.screen }) {
                index = existing
            } else {
                entries.append(Entry(screen: visible.screen, searchedAt: -.infinity))
                index = entries.count - 1
            }
            if !entries[index].isValid, !(uptime - entries[index].searchedAt < Self.searchInterval) {
                search(&entries[index], at: uptime)
            }
            if let scrollView = entries[index].scrollView, let depth = ScrollDepth.depth(of: scrollView) {
                onDepth(visible.screen, depth)
            }
        }
    }

    /// Forgets every screen and, on iOS, takes the pan targets off the scroll views (the tracker stopped).
    func removeAll() {
        entries.removeAll()
        #if canImport(UIKit)
        for recognizer in attached.compactMap(\.recognizer) {
            recognizer.removeTarget(panTarget, action: #selector(ScrollDepthPanTarget.panned(_:)))
        }
        attached.removeAll()
        #endif
    }

    /// The main scroll view the monitor follows for `screen`, if any (for tests).
    func mainScrollView(of screen: TrackingScreen) -> UIScrollView? {
        entries.first { $0.screen == screen }?.scrollView
    }

    /// How long a screen without a main scroll view waits before the next search: a bound on the cost of
    /// screens that have none, and the delay before a scroll view added later (a feed after it loads) counts.
    static let searchInterval: Double = 1

    /// The pan target calls it on every state of a main scroll view's pan: began, changed, ended, cancelled.
    func panned(_ recognizer: UIGestureRecognizer) {
        guard let scrollView = recognizer.view as? UIScrollView, let depth = ScrollDepth.depth(of: scrollView) else { return }
        for entry in entries where entry.scrollView === scrollView {
            onDepth(entry.screen, depth)
        }
    }

    // MARK: - Private

    private struct Entry {
        var screen: TrackingScreen
        weak var root: UIView?
        weak var scrollView: UIScrollView?
        var searchedAt: Double

        /// Whether the scroll view is still there and still under the screen's root view.
        @MainActor var isValid: Bool {
            guard let scrollView, let root, scrollView.window != nil, !scrollView.isHidden else { return false }
            return scrollView.isDescendant(of: root)
        }
    }

    private struct AttachedRecognizer {
        weak var recognizer: UIPanGestureRecognizer?
    }

    private let store: TrackingComponentStore
    private let minimumVisibleRatio: Double
    private let onDepth: @MainActor (TrackingScreen, Double) -> Void
    private var entries: [Entry] = []
    private var finder = MainScrollViewFinder()
    /// The pans given the target, so that none gets it twice (HeadlessUIKit cannot take one action off).
    private var attached: [AttachedRecognizer] = []
    #if canImport(UIKit)
    private lazy var panTarget = ScrollDepthPanTarget(monitor: self)
    #endif

    private func search(_ entry: inout Entry, at uptime: Double) {
        entry.searchedAt = uptime
        entry.root = rootView(of: entry.screen)
        entry.scrollView = entry.root.flatMap { finder.mainScrollView(under: $0) }
        if let scrollView = entry.scrollView { attach(to: scrollView.panGestureRecognizer) }
    }

    /// The root view of a controller in a window carrying `screen` (SwiftUI screen anchors have none: their
    /// scroll views are not under them).
    private func rootView(of screen: TrackingScreen) -> UIView? {
        var controllers: [UIViewController] = []
        store.forEachScreen { controller, candidate in
            if candidate == screen { controllers.append(controller) }
        }
        return controllers.lazy.compactMap { ScreenRule.rootView(of: $0) }.first
    }

    private func attach(to recognizer: UIPanGestureRecognizer) {
        attached.removeAll { $0.recognizer == nil }
        guard !attached.contains(where: { $0.recognizer === recognizer }) else { return }
        attached.append(AttachedRecognizer(recognizer: recognizer))
        #if canImport(UIKit)
        recognizer.addTarget(panTarget, action: #selector(ScrollDepthPanTarget.panned(_:)))
        #else
        Headless.addAction(to: recognizer) { [weak self] recognizer in self?.panned(recognizer) }
        #endif
    }
}

#if canImport(UIKit)
/// The object a scroll view's pan calls: an `NSObject` with an `@objc` action on iOS, where targets are
/// objects and selectors. Holds its monitor weakly; a pan that outlives the monitor calls nothing.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class ScrollDepthPanTarget: NSObject {
    // MARK: - Internal

    init(monitor: ScrollDepthMonitor) {
        self.monitor = monitor
    }

    /// The action: hands the pan to the monitor.
    @objc func panned(_ recognizer: UIPanGestureRecognizer) {
        monitor?.panned(recognizer)
    }

    // MARK: - Private

    private weak var monitor: ScrollDepthMonitor?
}
#endif
