import Foundation

/// A control that increments or decrements a value: its trailing half (+) adds ``stepValue``, its leading
/// half (−) subtracts it.
///
/// A touch down on a half changes ``value`` at once (clamped to ``minimumValue``...``maximumValue``, or
/// wrapped when ``wraps`` is set) and, when it changed, sends `.valueChanged` right after `.touchDown`
/// (``isContinuous`` is `true` by default); with ``isContinuous`` `false`, `.valueChanged` waits for the
/// touch to lift. HeadlessUIKit does not model press-and-hold autorepeat. Setting ``value`` from code sends
/// nothing.
@MainActor
open class UIStepper: UIControl {
    /// The stepper's fixed size, in points.
    static let intrinsicSize = CGSize(width: 94, height: 32)

    /// Creates a stepper at the frame's origin, in the stepper's own size.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.intrinsicSize))
    }

    /// Creates a stepper from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Whether value changes are sent during the interaction (`true`) or when it ends.
    open var isContinuous = true
    /// Whether pressing and holding repeats the change (kept, not modelled).
    open var autorepeat = true
    /// Whether the value wraps from the maximum to the minimum and back (`false` by default).
    open var wraps = false

    /// The value, `0` by default, clamped to ``minimumValue``...``maximumValue``.
    open var value: Double {
        get { storedValue }
        set { storedValue = min(max(newValue, minimumValue), maximumValue) }
    }

    /// The lowest value, `0` by default. Setting it above ``maximumValue`` sets both, as in UIKit.
    open var minimumValue: Double {
        get { storedMinimum }
        set {
            storedMinimum = newValue
            if storedMaximum < newValue { storedMaximum = newValue }
            value = storedValue
        }
    }

    /// The highest value, `100` by default. Setting it below ``minimumValue`` sets both, as in UIKit.
    open var maximumValue: Double {
        get { storedMaximum }
        set {
            storedMaximum = newValue
            if storedMinimum > newValue { storedMinimum = newValue }
            value = storedValue
        }
    }

    /// The step, `1` by default; values at or below 0 are ignored (UIKit raises).
    open var stepValue: Double {
        get { storedStep }
        set { if newValue > 0 { storedStep = newValue } }
    }

    /// Steps the value at touch down.
    /// - Parameters:
    ///   - touch: The touch.
    ///   - event: The event.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let increments = touch.location(in: self).x >= bounds.midX
        let before = storedValue
        step(up: increments)
        pendingValueChange = storedValue != before
        return true
    }

    // MARK: - Internal

    override func didBeginTracking() {
        if pendingValueChange, isContinuous {
            pendingValueChange = false
            sendActions(for: .valueChanged)
        }
    }

    override func sendTouchUp(inside: Bool) {
        if pendingValueChange {
            pendingValueChange = false
            sendActions(for: .valueChanged)
        }
        super.sendTouchUp(inside: inside)
    }

    // MARK: - Private

    private var storedValue = 0.0
    private var storedMinimum = 0.0
    private var storedMaximum = 100.0
    private var storedStep = 1.0
    private var pendingValueChange = false

    private func step(up: Bool) {
        let next = up ? storedValue + storedStep : storedValue - storedStep
        if wraps, next > storedMaximum {
            storedValue = storedMinimum
        } else if wraps, next < storedMinimum {
            storedValue = storedMaximum
        } else {
            value = next
        }
    }
}
