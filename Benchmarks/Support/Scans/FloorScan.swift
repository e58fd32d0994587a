#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The floor: a breadth-first pass over every view of the window that reads what a scan reads of each view
/// (`subviews`, `isHidden`, `alpha`, `bounds`, `center`, `transform`, `clipsToBounds`, `backgroundColor`)
/// and judges nothing. A scan that must look at every view cannot be faster; a scan that prunes can.
@MainActor
package final class FloorScan: ScanImplementation {
    // MARK: - Package

    package let name = "floor"

    /// - Parameter window: The window to walk.
    package init(window: UIWindow) {
        self.window = window
    }

    /// A sum of what the last pass read, kept so the reads cannot be optimized away.
    package private(set) var checksum = 0.0

    /// Returns the number of views read (the window excluded).
    package func scan() -> Int {
        queue.removeAll(keepingCapacity: true)
        queue.append(window)
        var sum = 0.0
        var head = 0
        while head < queue.count {
            let view = queue[head]
            head += 1
            for child in view.subviews {
                let bounds = child.bounds, center = child.center, transform = child.transform
                sum += Double(bounds.width) + Double(center.x) + Double(transform.a) + Double(child.alpha)
                if child.isHidden { sum += 1 }
                if child.clipsToBounds { sum += 2 }
                if child.backgroundColor != nil { sum += 4 }
                queue.append(child)
            }
        }
        checksum = sum
        let count = queue.count - 1
        queue.removeAll(keepingCapacity: true)
        return count
    }

    // MARK: - Private

    private let window: UIWindow
    private var queue: ContiguousArray<UIView> = []
}
