#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// What a ``TapTargetFinder`` attributed a tap to.
@MainActor
struct TapTarget {
    /// The tracked view under the finger.
    var view: UIView
    /// Its element component.
    var element: TrackingElement
    /// The screen the ``ScreenRule`` gives it, if any.
    var screen: TrackingScreen?
    /// Where the finger came down; `nil` when the geometry is not finite.
    var position: TrackingTapPosition?
}
