#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The floor as the design document words it: one linear pass over a flat array of the same views, reading
/// the same properties as ``FloorScan`` but with no queue and no `subviews` arrays. Shown for reference; the
/// ratios are taken against the breadth-first ``FloorScan``, since a scan cannot know the views without
/// walking to them.
@MainActor
package final class FlatFloorScan: ScanImplementation {
    // MARK: - Package

    package let name = "flat"

    /// - Parameter window: The window whose views are collected, once, into the flat array.
    package init(window: UIWindow) {
        var queue: [UIView] = [window]
        var head = 0
        while head < queue.count {
            queue.append(contentsOf: queue[head].subviews)
            head += 1
        }
        views = ContiguousArray(queue.dropFirst())
    }

    /// A sum of what the last pass read, kept so the reads cannot be optimized away.
    package private(set) var checksum = 0.0

    /// Returns the number of views read.
    package func scan() -> Int {
        var sum = 0.0
        for view in views {
            let bounds = view.bounds, center = view.center, transform = view.transform
            sum += Double(bounds.width) + Double(center.x) + Double(transform.a) + Double(view.alpha)
            if view.isHidden { sum += 1 }
            if view.clipsToBounds { sum += 2 }
            if view.backgroundColor != nil { sum += 4 }
        }
        checksum = sum
        return views.count
    }

    // MARK: - Private

    private let views: ContiguousArray<UIView>
}
