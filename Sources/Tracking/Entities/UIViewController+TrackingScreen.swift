#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension UIViewController {
    // MARK: - Public

    /// The controller's tracking component: set it (typically in `viewDidLoad`) to have the ``Tracker``
    /// record a screen view when the controller's view is on screen, and attribute every tracked element
    /// inside that view to this screen; set `nil` to stop tracking it.
    ///
    /// ```swift
    /// override func viewDidLoad() {
    ///     super.viewDidLoad()
    ///     trackingScreen = TrackingScreen(screenName: .myProfile, identifier: user.id)
    /// }
    /// ```
    ///
    /// An element belongs to the nearest controller up its view tree that carries a screen, so a child
    /// controller with its own screen takes its elements from its parent's. Nonisolated: read and set it
    /// from any context and any thread (`awakeFromNib()`, `init(coder:)`, a background queue). The
    /// component is kept in the tracker's own weak-keyed, lock-protected store and goes away with the
    /// controller. Setting it never loads the view.
    nonisolated public var trackingScreen: TrackingScreen? {
        get { TrackingComponentStore.shared.screen(for: self) }
        set { TrackingComponentStore.shared.setScreen(newValue, for: self) }
    }
}
