import Foundation

/// A view that sends actions on user events.
@MainActor
open class UIControl: UIView {
    /// Whether the control responds.
    open var isEnabled = true
    /// Whether the control is selected.
    open var isSelected = false
    /// Whether the control is highlighted.
    open var isHighlighted = false

    /// Adds an action for the events.
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        actions.append((action, controlEvents))
    }

    /// Removes an action for the events.
    open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        actions.removeAll { $0.action === action && $0.events == controlEvents }
    }

    /// Sends the actions registered for any of the events (a disabled control sends nothing).
    open func sendActions(for controlEvents: UIControl.Event) {
        guard isEnabled else { return }
        for (action, events) in actions where !events.intersection(controlEvents).isEmpty {
            action.handler(action)
        }
    }

    private var actions: [(action: UIAction, events: UIControl.Event)] = []
}

extension UIControl {
    /// Control events.
    public struct Event: OptionSet, Sendable {
        /// The option bits.
        public let rawValue: UInt
        /// Creates events from option bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A touch down.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch lifted inside the control.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    /// Control states.
    public struct State: OptionSet, Sendable {
        /// The option bits.
        public let rawValue: UInt
        /// Creates states from option bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The default state.
        public static let normal = State([])
        /// Highlighted.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
    }
}
