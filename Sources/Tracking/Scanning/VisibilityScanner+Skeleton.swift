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

    /// Marks the anchors and every view on their paths up to the window, purging dead store entries. Screen
    /// roots are the ``ScreenRule``'s.
    func markSkeleton() {
        marks.removeAll()
        snapshotNodes.removeAll(keepingCapacity: true)
        snapshotResults.removeAll(keepingCapacity: true)
        hasOccluderAnchors = false
        // No `window` check: in the common case it costs more than the path walk it would save, which
        // stops at the first ancestor already marked.
        store.elements.forEachLivePurgingDead { view, index in
            markPath(to: view, flags: [.path, .element], element: Int32(truncatingIfNeeded: index))
        }
        store.screens.forEachLivePurgingDead { controller, index in
            if let root = ScreenRule.rootView(of: controller) {
                let snapshot = appendSnapshot(store.screens.entries[index].component)
                markPath(to: root, flags: [.path, .screenRoot], screen: snapshot)
            }
        }
        markAnchors()
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

    /// Marks the SwiftUI anchors: screen anchors as screen roots, occluder anchors as covers, and gives
    /// each element anchor the screen snapshot of the screen its environment names.
    ///
    /// An environment screen is matched by value to a screen anchor in a window (SwiftUI's environment
    /// carries the value, not the anchor); with no such anchor it gets a snapshot of its own, which the
    /// result lists with ratio 0 as the element's context. Anchors are few (one per modified SwiftUI view),
    /// so the match is a linear search of the screen anchors.
    func markAnchors() {
        let anchorScreensStart = screenSnapshot.count
        store.anchors.forEachLivePurgingDead { view, index in
            let anchor = store.anchors.entries[index].component
            if anchor.isOccluder {
                hasOccluderAnchors = true
                markPath(to: view, flags: [.path, .occluder])
            }
            if let screen = ScreenRule.screen(declaredBy: anchor, of: view) {
                markPath(to: view, flags: [.path, .screenRoot], screen: appendSnapshot(screen))
            }
        }
        let anchorScreensEnd = screenSnapshot.count
        for index in store.anchors.entries.indices {
            guard let screen = ScreenRule.environmentScreen(of: store.anchors.entries[index].component),
                  let view = store.anchors.entries[index].entity else { continue }
            let key = Self.key(view)
            guard marks.mark(for: key).flags.contains(.element) else { continue }
            var snapshot = -1
            for candidate in anchorScreensStart..<anchorScreensEnd where screenSnapshot[candidate] == screen {
                snapshot = candidate
                break
            }
            if snapshot < 0 {
                // An environment screen named by several elements and by no anchor gets one snapshot.
                for candidate in anchorScreensEnd..<screenSnapshot.count where screenSnapshot[candidate] == screen {
                    snapshot = candidate
                    break
                }
            }
            let context = snapshot >= 0 ? Int32(truncatingIfNeeded: snapshot) : appendSnapshot(screen)
            marks.insert([], context: context, for: key)
        }
    }

    /// Appends a screen component to the scan's snapshot, not yet reached nor listed in the result.
    func appendSnapshot(_ screen: TrackingScreen) -> Int32 {
        let snapshot = Int32(truncatingIfNeeded: screenSnapshot.count)
        screenSnapshot.append(screen)
        snapshotNodes.append(-1)
        snapshotResults.append(-1)
        return snapshot
    }
}
