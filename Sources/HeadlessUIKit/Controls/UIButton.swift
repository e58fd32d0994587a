import Foundation

/// A control with a title that runs actions when tapped (``Headless/tap(_:timestamp:)`` taps it through the
/// touch path).
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

    /// A button's default action is a single tap, so, as in UIKit (iOS 6 and later), a one-finger
    /// single-tap recognizer attached to an ancestor does not begin on a tap on the button: the button's
    /// action gets the touch.
    /// - Parameters:
    ///   - gestureRecognizer: The recognizer about to begin.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = gestureRecognizer as? UITapGestureRecognizer, tap.view !== self,
           tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1, isEnabled {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: - Internal

    /// A button's touch up inside is its primary action: `.touchUpInside`, then `.primaryActionTriggered`.
    override func sendTouchUp(inside: Bool) {
        super.sendTouchUp(inside: inside)
        if inside {
            sendActions(for: .primaryActionTriggered)
        }
    }

    private var titles: [UInt: String] = [:]
}
