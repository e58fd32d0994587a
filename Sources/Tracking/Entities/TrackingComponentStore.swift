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
/// inherits it) and is purged lazily, by the next scan or by ``purgeDeadEntries()``, in place and without
/// allocating.
@MainActor
package final class TrackingComponentStore {
    // MARK: - Internal

    /// The store behind `UIView.trackingElement` and `UIViewController.trackingScreen`.
    package static let shared = TrackingComponentStore()

    /// Views and their element components; the scanner reads and purges it directly.
    let elements = WeakComponentTable<UIView, TrackingElement>()
    /// View controllers and their screen components; the scanner reads and purges it directly.
    let screens = WeakComponentTable<UIViewController, TrackingScreen>()
    /// Anchor views and what they declare besides an element; the scanner reads and purges it directly.
    let anchors = WeakComponentTable<UIView, TrackingAnchor>()

    init() {}

    /// Live views that carry an element component.
    var elementCount: Int { elements.liveCount }

    /// Live view controllers that carry a screen component.
    var screenCount: Int { screens.liveCount }

    /// The element component of `view`, if any.
    func element(for view: UIView) -> TrackingElement? {
        elements.component(for: view)
    }

    /// Sets (or with `nil` removes) the element component of `view`.
    func setElement(_ element: TrackingElement?, for view: UIView) {
        elements.setComponent(element, for: view)
    }

    /// The screen component of `controller`, if any.
    func screen(for controller: UIViewController) -> TrackingScreen? {
        screens.component(for: controller)
    }

    /// Sets (or with `nil` removes) the screen component of `controller`.
    func setScreen(_ screen: TrackingScreen?, for controller: UIViewController) {
        screens.setComponent(screen, for: controller)
    }

    /// The anchor component of `view`, if any.
    func anchor(for view: UIView) -> TrackingAnchor? {
        anchors.component(for: view)
    }

    /// Sets the anchor component of `view`; an empty one (or `nil`) removes it.
    func setAnchor(_ anchor: TrackingAnchor?, for view: UIView) {
        anchors.setComponent(anchor?.isEmpty == false ? anchor : nil, for: view)
    }

    /// Calls `body` with every live anchor view that stands for a screen, in no particular order.
    func forEachAnchorScreen(_ body: (UIView, TrackingScreen) -> Void) {
        anchors.forEachLive { view, anchor in
            if let screen = anchor.screen { body(view, screen) }
        }
    }

    /// Calls `body` with every live view that carries an element, in no particular order.
    func forEachElement(_ body: (UIView, TrackingElement) -> Void) {
        elements.forEachLive(body)
    }

    /// Calls `body` with every live view controller that carries a screen, in no particular order.
    func forEachScreen(_ body: (UIViewController, TrackingScreen) -> Void) {
        screens.forEachLive(body)
    }

    /// Drops the entries of deallocated entities.
    func purgeDeadEntries() {
        elements.purgeDeadEntries()
        screens.purgeDeadEntries()
        anchors.purgeDeadEntries()
    }
}
