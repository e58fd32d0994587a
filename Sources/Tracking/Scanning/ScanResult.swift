/// One tracked element that a scan found visible.
package struct VisibleElement: Equatable {
    /// The element's component.
    package var element: TrackingElement
    /// Index into ``ScanResult/screens`` of the screen the element is attributed to (the screen a SwiftUI
    /// anchor's environment names, else its nearest ancestor controller with a ``TrackingScreen``), or `nil`
    /// when there is none. That screen is in `screens` even when its own ratio is below the threshold (0 for
    /// an environment screen whose anchor the scan did not reach).
    package var screenIndex: Int?
    /// Visible fraction of the element's own area, in `(0, 1]`, at or above the scan's minimum ratio.
    package var visibleRatio: Double
}

/// One tracked screen that a scan found visible.
package struct VisibleScreen: Equatable {
    /// The screen's component.
    package var screen: TrackingScreen
    /// Visible fraction of the controller's root view, in `[0, 1]`: at or above the scan's minimum ratio
    /// for a visible screen, possibly below it for a screen listed only as the context of a visible
    /// element (filter on this to find screen views).
    package var visibleRatio: Double
}

/// What one scan saw. Reused from scan to scan so that a steady-state scan allocates nothing.
package struct ScanResult {
    /// Creates an empty result.
    package init() {}

    /// Visible tracked screens, plus screens below the ratio threshold that are the context of a visible
    /// element; in breadth-first order of discovery, front window first.
    package var screens: [VisibleScreen] = []
    /// Visible tracked elements, in breadth-first order, front window first.
    package var elements: [VisibleElement] = []
    /// How many views the scan looked at (for diagnostics and benchmarks).
    package var viewsVisited = 0
    /// How many views the scan skipped, with their subtrees, because their window-space geometry was NaN or
    /// infinite (for a diagnostic: the views are treated as invisible).
    package var viewsWithInvalidGeometry = 0

    /// Empties the result, keeping its storage for the next scan.
    package mutating func removeAll() {
        screens.removeAll(keepingCapacity: true)
        elements.removeAll(keepingCapacity: true)
        viewsVisited = 0
        viewsWithInvalidGeometry = 0
    }
}
