import Foundation

/// A control that offers an on/off choice.
///
/// As in UIKit, the switch keeps its own size (51 × 31 points) whatever frame it is created with; a tap
/// (a touch that lifts inside) flips ``isOn`` and sends `.valueChanged`, then `.touchUpInside`. Setting
/// ``isOn`` or calling ``setOn(_:animated:)`` sends nothing.
@MainActor
open class UISwitch: UIControl {
    /// The switch's fixed size, in points.
    static let intrinsicSize = CGSize(width: 51, height: 31)

    /// Creates a switch at the frame's origin, in the switch's own size (UIKit ignores the frame's size).
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.intrinsicSize))
    }

    /// Creates a switch from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Whether the switch is on (`false` by default). Setting it sends no action.
    open var isOn = false

    /// Sets the state; sends no action.
    /// - Parameters:
    ///   - on: The new state.
    ///   - animated: Whether to animate (HeadlessUIKit animates nothing).
    open func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }

    // MARK: - Internal

    /// A tap flips the switch: `.valueChanged`, then the touch-up events.
    override func sendTouchUp(inside: Bool) {
        if inside {
            isOn.toggle()
            sendActions(for: .valueChanged)
        }
        super.sendTouchUp(inside: inside)
    }
}
