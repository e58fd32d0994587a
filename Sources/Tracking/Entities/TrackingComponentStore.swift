import Foundation
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The tracking system's component storage: which views carry a ``TrackingElement``, which view
/// controllers carry a ``TrackingScreen``, and what SwiftUI anchor views declare (``TrackingAnchor``).
///
/// Components live here, not in the entities, so that the scanner can list every tracked entity without
/// walking the view hierarchy (a scan with 20 tracked views among 10,000 only looks at the paths leading
/// to those 20). Entities are held weakly: a deallocated view or controller takes its component with it.
/// Its entry becomes dead at once (lookups compare identity, so a new object at a reused address never
/// inherits it) and is purged in place, without allocating: by the next scan, by ``purgeDeadEntries()``,
/// or by the insert that finds the table grown to twice what its last purge left (so a store that is never
/// scanned stays bounded by its live entities).
///
/// ## Threads
/// Not isolated to any actor: `trackingElement` and `trackingScreen` are set from any context (the
/// article's `awakeFromNib()`, which UIKit declares nonisolated, or a background thread). Every method
/// takes the store's lock; the scanner holds it (``withLock(_:)``) for a whole scan and reads the tables
/// directly, so a set from another thread waits for the scan to end and a scan sees one consistent table.
/// The lock is recursive: code the scan runs on the main thread (a view's own property getters) may read
/// or set a component without deadlocking. Nothing under the lock waits for another thread.
package final class TrackingComponentStore: @unchecked Sendable {
    // MARK: - Internal

    /// The store behind `UIView.trackingElement` and `UIViewController.trackingScreen`.
    package static let shared = TrackingComponentStore()

    /// Views and their element components; the scanner reads and purges it directly, under ``withLock(_:)``.
    let elements = WeakComponentTable<UIView, TrackingElement>()
    /// View controllers and their screen components; the scanner reads and purges it directly, under
    /// ``withLock(_:)``.
    let screens = WeakComponentTable<UIViewController, TrackingScreen>()
    /// Anchor views and what they declare besides an element; the scanner reads and purges it directly,
    /// under ``withLock(_:)``.
    let anchors = WeakComponentTable<UIView, TrackingAnchor>()

    init() {}

    /// Runs `body` holding the store's lock: what a scan does around its reads of the tables. Takes no
    /// allocation.
    func withLock<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Live views that carry an element component.
    var elementCount: Int { withLock { elements.liveCount } }

    /// Live view controllers that carry a screen component.
    var screenCount: Int { withLock { screens.liveCount } }

    /// The element component of `view`, if any.
    func element(for view: UIView) -> TrackingElement? {
        withLock { elements.component(for: view) }
    }

    /// Sets (or with `nil` removes) the element component of `view`.
    func setElement(_ element: TrackingElement?, for view: UIView) {
        withLock { elements.setComponent(element, for: view) }
    }

    /// The screen component of `controller`, if any.
    func screen(for controller: UIViewController) -> TrackingScreen? {
        withLock { screens.component(for: controller) }
    }

    /// Sets (or with `nil` removes) the screen component of `controller`.
    func setScreen(_ screen: TrackingScreen?, for controller: UIViewController) {
        withLock { screens.setComponent(screen, for: controller) }
    }

    /// The anchor component of `view`, if any.
    func anchor(for view: UIView) -> TrackingAnchor? {
        withLock { anchors.component(for: view) }
    }

    /// Sets the anchor component of `view`; an empty one (or `nil`) removes it.
    func setAnchor(_ anchor: TrackingAnchor?, for view: UIView) {
        withLock { anchors.setComponent(anchor?.isEmpty == false ? anchor : nil, for: view) }
    }

    /// Calls `body` with every live anchor view that stands for a screen, in no particular order, holding
    /// the lock.
    func forEachAnchorScreen(_ body: (UIView, TrackingScreen) -> Void) {
        withLock {
            anchors.forEachLive { view, anchor in
                if let screen = anchor.screen { body(view, screen) }
            }
        }
    }

    /// Calls `body` with every live view that carries an element, in no particular order, holding the lock.
    func forEachElement(_ body: (UIView, TrackingElement) -> Void) {
        withLock { elements.forEachLive(body) }
    }

    /// Calls `body` with every live view controller that carries a screen, in no particular order, holding
    /// the lock.
    func forEachScreen(_ body: (UIViewController, TrackingScreen) -> Void) {
        withLock { screens.forEachLive(body) }
    }

    /// Drops the entries of deallocated entities.
    func purgeDeadEntries() {
        withLock {
            elements.purgeDeadEntries()
            screens.purgeDeadEntries()
            anchors.purgeDeadEntries()
        }
    }

    // MARK: - Private

    /// Recursive so that a scan holding it may run code (on its own thread) that reads or sets a component.
    private let lock = NSRecursiveLock()
}
