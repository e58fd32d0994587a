#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The skeleton: the anchors (tracked views, tracked screens' root views) and every view on their paths to
/// their windows, marked before the first pass.
extension VisibilityScanner {
    // MARK: - Skeleton

    static func key(_ object: AnyObject) -> UInt {
        UInt(bitPattern: ObjectIdentifier(object))
    }

    /// Marks the anchors and every view on their paths up to the window, purging dead store entries.
    func markSkeleton() {
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

    func markPath(to view: UIView, flags: ViewMarkTable.Flags, element: Int32 = -1, screen: Int32 = -1) {
        let old = marks.insert(flags, element: element, screen: screen, for: Self.key(view))
        guard !old.flags.contains(.path) else { return }
        var current = view.superview
        while let ancestor = current {
            // Paths merge: once an ancestor is marked, so is everything above it.
            if marks.insert(.path, for: Self.key(ancestor)).flags.contains(.path) { return }
            current = ancestor.superview
        }
    }
}
