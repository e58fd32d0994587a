#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension UIView {
    // MARK: - Public

    /// The view's tracking component: set it to have the ``Tracker`` record an impression of this view
    /// when it has been visible long enough; set `nil` to stop tracking it.
    ///
    /// ```swift
    /// sparkButton.trackingElement = TrackingElement(elementType: .sparkButton)
    ///
    /// // A reused cell: give it the component of the item it now shows.
    /// cell.trackingElement = TrackingElement(elementType: .feedCell, identifier: post.id)
    /// ```
    ///
    /// Nonisolated: read and set it from any context and any thread, such as `awakeFromNib()` (which UIKit
    /// declares nonisolated) or a background queue. The component is kept in the tracker's own weak-keyed,
    /// lock-protected store, not in the view, and goes away with the view; a set made while a scan runs
    /// takes effect when that scan ends. Setting it costs a dictionary insert; scanning costs nothing for
    /// views that have none. What counts as visible is described on ``Tracker``'s visibility report and in
    /// the README.
    nonisolated public var trackingElement: TrackingElement? {
        get { TrackingComponentStore.shared.element(for: self) }
        set { TrackingComponentStore.shared.setElement(newValue, for: self) }
    }
}
