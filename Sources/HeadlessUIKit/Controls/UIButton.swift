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
        /// A detail disclosure button.
        case detailDisclosure = 2
        /// An information button on a light background.
        case infoLight = 3
        /// An information button on a dark background.
        case infoDark = 4
        /// A contact add button.
        case contactAdd = 5
        /// A close button.
        case close = 7

        /// The rounded-rect style, now the system style.
        public static var roundedRect: ButtonType { .system }
    }

    /// Creates a button of a type.
    public convenience init(type buttonType: UIButton.ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// Creates a button with a frame whose primary action runs on `.primaryActionTriggered`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(type: .system, primaryAction: primaryAction)
        self.frame = frame
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
