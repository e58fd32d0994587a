#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The product: the Tracking module's ``VisibilityScanner``, unchanged, scanning the hierarchy's window into
/// a reused ``ScanResult`` as the tracker does on every tick.
@MainActor
package final class OurScan: ScanImplementation {
    // MARK: - Package

    package let name = "ours"

    /// - Parameter window: The window to scan (the one key window of the benchmark).
    package init(window: UIWindow) {
        windows = [window]
        scanner = VisibilityScanner(
            minimumVisibleRatio: HierarchyModel.minimumVisibleRatio, minimumAlpha: HierarchyModel.minimumAlpha
        )
    }

    package func scan() -> Int {
        result.removeAll()
        scanner.scan(windows: windows, into: &result)
        return result.elements.count
    }

    /// Scans the connected scenes instead of a given window list, as ``Tracker`` does (this path also asks
    /// each `UIWindowScene` for its `windows`).
    package func scanConnectedScenes() -> Int {
        result.removeAll()
        scanner.scan(into: &result)
        return result.elements.count
    }

    /// The visible fraction of every tracked view the last scan found visible, by its element's identifier
    /// (for checking against the ``BruteForceOracle``; allocates).
    package var visibleRatios: [String: Double] {
        var ratios: [String: Double] = [:]
        for element in result.elements {
            ratios[element.element.identifier ?? ""] = element.visibleRatio
        }
        return ratios
    }

    /// Views the last scan looked at.
    package var viewsVisited: Int { result.viewsVisited }

    /// Screens the last scan listed (visible, or the context of a visible element).
    package var screensFound: Int { result.screens.count }

    // MARK: - Private

    private let windows: [UIWindow]
    private let scanner: VisibilityScanner
    private var result = ScanResult()
}
