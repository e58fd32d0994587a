#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Keeps the anchors of one scan for the debug overlay to draw: the scan's own verdict inputs (frames,
/// ratios, attribution), not a second scan. The storage is reused; the overlay empties it after drawing so
/// that no view outlives the scan in it.
@MainActor
struct DebugOverlayAnchors: ScanObserver {
    // MARK: - Internal

    /// The anchors of the last scan, in the scan's order.
    private(set) var anchors: [ScanAnchor] = []

    var observesAnchors: Bool { true }

    mutating func observe(_ anchor: ScanAnchor) {
        anchors.append(anchor)
    }

    /// Forgets the anchors (and the views they hold), keeping the storage.
    mutating func removeAll() {
        anchors.removeAll(keepingCapacity: true)
    }
}
