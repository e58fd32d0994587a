#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The tracking system's component storage: which views carry a ``TrackingElement`` and which view
/// controllers carry a ``TrackingScreen``.
///
/// Components live here, not in the entities, so that the scanner can list every tracked entity without
/// walking the view hierarchy (a scan with 20 tracked views among 10,000 only looks at the paths leading
/// to those 20). Entities are held weakly: a deallocated view or controller takes its component with it.
/// Its entry becomes dead at once (lookups compare identity, so a new object at a reused address never
/// inherits it) and is purged lazily, by the next scan or by ``purgeDeadEntries()``, in place and without
/// allocating.
@MainActor
package final class TrackingComponentStore {
    // MARK: - Internal

    /// The store behind `UIView.trackingElement` and `UIViewController.trackingScreen`.
    package static let shared = TrackingComponentStore()

    /// A view and its element component.
    struct ElementEntry {
        weak var view: UIView?
        var element: TrackingElement
        /// The view's identity when it was stored, kept to find the index slot again after the view died.
        let key: ObjectIdentifier
    }

    /// A view controller and its screen component.
    struct ScreenEntry {
        weak var controller: UIViewController?
        var screen: TrackingScreen
        let key: ObjectIdentifier
    }

    /// Element entries, unordered; some may be dead (their view is gone) until purged.
    private(set) var elementEntries: ContiguousArray<ElementEntry> = []
    /// Screen entries, unordered; some may be dead until purged.
    private(set) var screenEntries: ContiguousArray<ScreenEntry> = []

    init() {}

    /// Live views that carry an element component.
    var elementCount: Int { elementEntries.reduce(0) { $0 + ($1.view == nil ? 0 : 1) } }

    /// Live view controllers that carry a screen component.
    var screenCount: Int { screenEntries.reduce(0) { $0 + ($1.controller == nil ? 0 : 1) } }

    /// The element component of `view`, if any.
    func element(for view: UIView) -> TrackingElement? {
        guard let index = elementIndex[ObjectIdentifier(view)], elementEntries[index].view === view else { return nil }
        return elementEntries[index].element
    }

    /// Sets (or with `nil` removes) the element component of `view`.
    func setElement(_ element: TrackingElement?, for view: UIView) {
        let key = ObjectIdentifier(view)
        if let index = elementIndex[key] {
            if let element {
                // A dead entry at a reused address is simply taken over by the new view.
                elementEntries[index] = ElementEntry(view: view, element: element, key: key)
            } else {
                removeElement(at: index)
            }
        } else if let element {
            elementIndex[key] = elementEntries.count
            elementEntries.append(ElementEntry(view: view, element: element, key: key))
        }
    }

    /// The screen component of `controller`, if any.
    func screen(for controller: UIViewController) -> TrackingScreen? {
        guard let index = screenIndex[ObjectIdentifier(controller)],
              screenEntries[index].controller === controller else { return nil }
        return screenEntries[index].screen
    }

    /// Sets (or with `nil` removes) the screen component of `controller`.
    func setScreen(_ screen: TrackingScreen?, for controller: UIViewController) {
        let key = ObjectIdentifier(controller)
        if let index = screenIndex[key] {
            if let screen {
                screenEntries[index] = ScreenEntry(controller: controller, screen: screen, key: key)
            } else {
                removeScreen(at: index)
            }
        } else if let screen {
            screenIndex[key] = screenEntries.count
            screenEntries.append(ScreenEntry(controller: controller, screen: screen, key: key))
        }
    }

    /// Calls `body` with every live view that carries an element, in no particular order.
    func forEachElement(_ body: (UIView, TrackingElement) -> Void) {
        for entry in elementEntries {
            if let view = entry.view { body(view, entry.element) }
        }
    }

    /// Calls `body` with every live view controller that carries a screen, in no particular order.
    func forEachScreen(_ body: (UIViewController, TrackingScreen) -> Void) {
        for entry in screenEntries {
            if let controller = entry.controller { body(controller, entry.screen) }
        }
    }

    /// Calls `body` with every live element view and the index of its entry, purging dead entries on the
    /// way, without copying any entry: the scanner's first pass. `body` must not change the store.
    func forEachLiveElementPurgingDead(_ body: (UIView, Int) -> Void) {
        var index = 0
        while index < elementEntries.count {
            if let view = elementEntries[index].view {
                body(view, index)
                index += 1
            } else {
                removeElement(at: index)
            }
        }
    }

    /// The element of the live view whose identity is `key`, looked up first at `index` (where a scan
    /// found it), then by identity in case the store changed since.
    func element(at index: Int, key: ObjectIdentifier) -> TrackingElement? {
        if index < elementEntries.count, elementEntries[index].key == key { return elementEntries[index].element }
        guard let moved = elementIndex[key] else { return nil }
        return elementEntries[moved].element
    }

    /// Removes the element entry at `index` by moving the last entry into its place (O(1), no allocation).
    /// Entries after `index` other than the last keep their positions, so a forward sweep that does not
    /// advance after a removal visits every entry once.
    func removeElement(at index: Int) {
        elementIndex[elementEntries[index].key] = nil
        let last = elementEntries.count - 1
        if index != last {
            elementEntries.swapAt(index, last)
            elementIndex[elementEntries[index].key] = index
        }
        elementEntries.removeLast()
    }

    /// Removes the screen entry at `index`, like ``removeElement(at:)``.
    func removeScreen(at index: Int) {
        screenIndex[screenEntries[index].key] = nil
        let last = screenEntries.count - 1
        if index != last {
            screenEntries.swapAt(index, last)
            screenIndex[screenEntries[index].key] = index
        }
        screenEntries.removeLast()
    }

    /// Drops the entries of deallocated entities.
    func purgeDeadEntries() {
        var index = 0
        while index < elementEntries.count {
            if elementEntries[index].view == nil { removeElement(at: index) } else { index += 1 }
        }
        index = 0
        while index < screenEntries.count {
            if screenEntries[index].controller == nil { removeScreen(at: index) } else { index += 1 }
        }
    }

    // MARK: - Private

    private var elementIndex: [ObjectIdentifier: Int] = [:]
    private var screenIndex: [ObjectIdentifier: Int] = [:]
}
