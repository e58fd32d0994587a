#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Whether a touch landed on something that promises to react to a tap: the one rule dead taps are judged
/// by (a tap on anything else can't be dead, since nothing was promised).
///
/// From the touch's hit-test view up to its window, the first `UIControl` decides: interactive when it is
/// enabled and has at least one action (`allControlEvents` not empty), since a control takes the touch
/// whatever recognizers sit above it. With no control on the way, the touch is interactive when a view on
/// the way carries an enabled `UITapGestureRecognizer` (the tracker's own passive recognizer is not one).
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
enum InteractiveTarget {
    // MARK: - Internal

    /// Whether a touch hit-tested to `hitView` promises a reaction to a tap. O(depth), allocation-free.
    static func isInteractive(hitView: UIView) -> Bool {
        var current: UIView? = hitView
        var depth = 0
        while let view = current, depth < ScreenRule.maximumDepth {
            if let control = view as? UIControl {
                return control.isEnabled && !control.allControlEvents.isEmpty
            }
            if hasEnabledTapRecognizer(view) { return true }
            current = view.superview
            depth += 1
        }
        return false
    }

    // MARK: - Private

    private static func hasEnabledTapRecognizer(_ view: UIView) -> Bool {
        guard let recognizers = view.gestureRecognizers else { return false }
        for recognizer in recognizers where recognizer.isEnabled && recognizer is UITapGestureRecognizer {
            return true
        }
        return false
    }
}
