#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A tap that ``TapCapture`` attributed and recorded as an `Element Tapped`: everything the steps after it
/// (rage taps, and any other judgement of a tap) are handed, in one place
/// (``TapCapture/handOn(_:)``).
@MainActor
struct CapturedTap {
    /// The touch's hit-test view: the view UIKit delivered it to.
    var hitView: UIView
    /// The window touched.
    var window: UIWindow
    /// The tracked view the tap was attributed to.
    var trackedView: UIView
    /// Its element component.
    var element: TrackingElement
    /// The screen the element was on, if any.
    var screen: TrackingScreen?
    /// Where the finger came down; `nil` when the geometry is not finite.
    var position: TrackingTapPosition?
    /// When the tap was recorded, on the tracker's clock.
    var instant: TrackingInstant

    /// The rage-tap subject: the element and its screen, by value.
    var subject: TapSubject { TapSubject(element: element, screen: screen) }
}
