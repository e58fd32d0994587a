#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Controls that answer repeated taps themselves: each tap steps a value, moves a thumb, toggles, selects
/// a segment or page, or places a text cursor, so quick repeated taps on them are use, not frustration.
/// Rage-tap detection leaves out taps on them (on the hit-test view or any view between it and the tapped
/// element), and taps in the keyboard's window.
///
/// The rule is ``isSelfFeedbackControl(_:)``, one function: `UIStepper`, `UISlider`, `UISwitch`,
/// `UISegmentedControl`, `UIPageControl`, `UITextField`, `UITextView`, `UIPickerView` and `UIDatePicker`
/// (and their subclasses). HeadlessUIKit models all of them but `UITextView`.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
enum SelfFeedbackControl {
    // MARK: - Internal

    /// Whether `view` is a control that answers repeated taps itself.
    static func isSelfFeedbackControl(_ view: UIView) -> Bool {
        #if !os(tvOS)
        if view is UIStepper || view is UISlider || view is UISwitch || view is UIPickerView || view is UIDatePicker {
            return true
        }
        #endif
        #if canImport(UIKit)
        if view is UITextView { return true }
        #endif
        return view is UISegmentedControl || view is UIPageControl || view is UITextField
    }

    /// Whether `window` is the system keyboard's: UIKit's private `UITextEffectsWindow` or its subclass
    /// `UIRemoteKeyboardWindow`, looked up by name once.
    static func isKeyboardWindow(_ window: UIWindow) -> Bool {
        #if canImport(UIKit)
        return keyboardWindowClasses.contains { window.isKind(of: $0) }
        #else
        return false
        #endif
    }

    /// Whether a tap hit a self-feedback control (at or above its hit-test view, up to the tapped element) or
    /// the keyboard's window: rage taps leave it out.
    static func answersRepeatedTaps(_ tap: CapturedTap) -> Bool {
        if isKeyboardWindow(tap.window) || isSelfFeedbackControl(tap.trackedView) { return true }
        var current: UIView? = tap.hitView
        var depth = 0
        while let view = current, depth < maximumDepth {
            if isSelfFeedbackControl(view) { return true }
            if view === tap.trackedView || view === tap.window { return false }
            current = view.superview
            depth += 1
        }
        return false
    }

    // MARK: - Private

    private static let maximumDepth = ScreenRule.maximumDepth

    #if canImport(UIKit)
    /// The keyboard's window classes present in this UIKit (none if Apple renames them).
    private static let keyboardWindowClasses: [AnyClass] = ["UITextEffectsWindow", "UIRemoteKeyboardWindow"].compactMap(NSClassFromString)
    #endif
}
