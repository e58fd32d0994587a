#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// A benchmark hierarchy shown in a real key window, with its tracked views and the answer a scan must give.
///
/// ```swift
/// let hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .deep, viewCount: 1_000, density: .dense))
/// defer { hierarchy.tearDown() }
/// ```
@MainActor
package final class GeneratedHierarchy {
    // MARK: - Package

    /// What was generated.
    package let configuration: BenchmarkConfiguration
    /// The key window holding the hierarchy.
    package let window: UIWindow
    /// The window's root controller; it carries a ``TrackingScreen``.
    package let rootController: UIViewController
    /// Every view carrying a ``TrackingElement``, in generation order.
    package private(set) var trackedViews: [UIView] = []
    /// Views under the window, the root view included.
    package let viewCount: Int
    /// Levels from the window to the deepest view.
    package let maximumDepth: Int
    /// How many tracked views the scanner must find visible: the ``oracle``'s answer.
    package var expectedVisibleCount: Int { oracle.visibleCount }
    /// The brute-force judgement of the shown hierarchy, occlusion included.
    package let oracle: BruteForceOracle
    /// How many are visible by the rules without occlusion: the answer of the naive and per-view baselines.
    package let expectedVisibleCountIgnoringOcclusion: Int

    /// Builds the hierarchy for `configuration`, tracks its views and shows it in a new key window.
    /// Call `Headless.reset()` first so that no other window is in the scene.
    package init(_ configuration: BenchmarkConfiguration) {
        self.configuration = configuration
        let model = HierarchyModel(configuration: configuration)
        viewCount = model.nodes.count
        maximumDepth = model.maximumDepth
        expectedVisibleCountIgnoringOcclusion = model.expectedVisibleCountIgnoringOcclusion()

        window = UIWindow(frame: CGRect(origin: .zero, size: HierarchyModel.windowSize))
        window.backgroundColor = .white
        rootController = UIViewController()
        rootController.trackingScreen = TrackingScreen(screenName: "benchmark_screen")
        // Built off-window, then attached once: joining a window is a walk over the attached subtree.
        var views: [UIView] = []
        views.reserveCapacity(model.nodes.count)
        let elementType: TrackingElementType = "benchmark_element"
        for (index, node) in model.nodes.enumerated() {
            let view: UIView
            if node.parent < 0 {
                view = rootController.view
                view.frame = node.frame
            } else if node.isScrollView {
                let scrollView = UIScrollView(frame: node.frame)
                scrollView.contentSize = node.contentSize
                scrollView.contentOffset = node.boundsOrigin
                view = scrollView
            } else {
                view = UIView(frame: node.frame)
            }
            view.clipsToBounds = node.clipsToBounds
            view.isHidden = node.isHidden
            view.alpha = node.alpha
            view.backgroundColor = node.isOpaque ? .white : nil
            if node.isTracked {
                view.trackingElement = TrackingElement(elementType: elementType, identifier: String(index))
                trackedViews.append(view)
            }
            if node.parent >= 0 { views[node.parent].addSubview(view) }
            views.append(view)
        }
        window.rootViewController = rootController
        window.makeKeyAndVisible()
        oracle = BruteForceOracle(
            window: window, minimumVisibleRatio: HierarchyModel.minimumVisibleRatio, minimumAlpha: HierarchyModel.minimumAlpha
        )
    }

    /// Removes the components and hides the window, so the hierarchy can be released and later scans
    /// do not see it. Dropping the last reference releases the views.
    package func tearDown() {
        for view in trackedViews { view.trackingElement = nil }
        trackedViews.removeAll()
        rootController.trackingScreen = nil
        window.isHidden = true
    }
}
