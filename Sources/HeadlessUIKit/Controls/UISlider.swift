import Foundation

/// A control that selects one value from a continuous range by dragging its thumb.
///
/// A touch that begins on the thumb (a 28-point square at ``value``'s place along the track) drags it:
/// ``value`` follows the finger along the width and each change sends `.valueChanged` (when
/// ``isContinuous``, the default; else once, when the touch lifts). A touch elsewhere on the track, or a tap
/// on the thumb that does not move, changes nothing (UIKit's slider moves only with its thumb). Setting
/// ``value`` or calling ``setValue(_:animated:)`` sends nothing.
@MainActor
open class UISlider: UIControl {
    /// The width and height of the thumb, in points.
    static let thumbSize: CGFloat = 28

    /// The value, `0` by default, pinned to ``minimumValue``...``maximumValue``.
    open var value: Float {
        get { storedValue }
        set { storedValue = min(max(newValue, storedMinimum), storedMaximum) }
    }

    /// The lowest value, `0` by default; the value moves into the range when it changes.
    open var minimumValue: Float {
        get { storedMinimum }
        set {
            storedMinimum = newValue
            if storedMaximum < newValue { storedMaximum = newValue }
            value = storedValue
        }
    }

    /// The highest value, `1` by default; the value moves into the range when it changes.
    open var maximumValue: Float {
        get { storedMaximum }
        set {
            storedMaximum = newValue
            if storedMinimum > newValue { storedMinimum = newValue }
            value = storedValue
        }
    }

    /// Whether value changes are sent while dragging (`true`) or once the touch lifts.
    open var isContinuous = true

    /// Sets the value; sends no action.
    /// - Parameters:
    ///   - value: The new value, pinned to the range.
    ///   - animated: Whether to animate (HeadlessUIKit animates nothing).
    open func setValue(_ value: Float, animated: Bool) {
        self.value = value
    }

    /// Begins tracking only on the thumb.
    /// - Parameters:
    ///   - touch: The touch.
    ///   - event: The event.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        valueAtTouchDown = storedValue
        return thumbRect.insetBy(dx: -Self.thumbMargin, dy: -Self.thumbMargin).contains(touch.location(in: self))
    }

    /// Moves the value with the finger.
    /// - Parameters:
    ///   - touch: The touch.
    ///   - event: The event.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let before = storedValue
        value = value(at: touch.location(in: self).x)
        if isContinuous, storedValue != before { sendActions(for: .valueChanged) }
        return true
    }

    /// Sends the one value change of a non-continuous slider.
    /// - Parameters:
    ///   - touch: The touch.
    ///   - event: The event.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if !isContinuous, storedValue != valueAtTouchDown { sendActions(for: .valueChanged) }
    }

    // MARK: - Private

    /// How far around the thumb a touch still grabs it, in points.
    private static let thumbMargin: CGFloat = 8

    private var storedValue: Float = 0
    private var storedMinimum: Float = 0
    private var storedMaximum: Float = 1
    private var valueAtTouchDown: Float = 0

    /// The thumb's rectangle in the slider's bounds.
    private var thumbRect: CGRect {
        let travel = max(bounds.width - Self.thumbSize, 0)
        let range = storedMaximum - storedMinimum
        let fraction = range > 0 ? CGFloat((storedValue - storedMinimum) / range) : 0
        return CGRect(
            x: bounds.minX + travel * fraction, y: bounds.midY - Self.thumbSize / 2,
            width: Self.thumbSize, height: Self.thumbSize
        )
    }

    /// The value whose thumb centre sits at `x`.
    private func value(at x: CGFloat) -> Float {
        let travel = bounds.width - Self.thumbSize
        guard travel > 0 else { return storedValue }
        let fraction = min(max((x - bounds.minX - Self.thumbSize / 2) / travel, 0), 1)
        return storedMinimum + Float(fraction) * (storedMaximum - storedMinimum)
    }
}
