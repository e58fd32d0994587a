import Foundation

/// A control with a title that runs actions when tapped (``Headless/tap(_:)`` sends a tap's events).
@MainActor
open class UIButton: UIControl {
    /// Button styles.
    public enum ButtonType: Int, Sendable {
        /// No style.
        case custom = 0
        /// The system style.
        case system = 1
    }

    /// Creates a button of a type.
    public convenience init(type buttonType: UIButton.ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// Creates a button whose primary action runs on `.primaryActionTriggered` (and on a tap).
    public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
            setTitle(primaryAction.title, for: .normal)
        }
    }

    /// The button's type.
    open private(set) var buttonType: ButtonType = .custom

    /// Sets the title shown in a state.
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
    }

    /// The title for a state (the normal one when the state has none).
    open func title(for state: UIControl.State) -> String? {
        titles[state.rawValue] ?? titles[UIControl.State.normal.rawValue]
    }

    /// The title for the current state.
    open var currentTitle: String? { title(for: isEnabled ? (isSelected ? .selected : .normal) : .disabled) }

    private var titles: [UInt: String] = [:]
}
