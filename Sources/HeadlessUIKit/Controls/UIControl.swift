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

    /// The events that have at least one action.
    open var allControlEvents: UIControl.Event {
        actions.reduce(into: UIControl.Event()) { $0.formUnion($1.events) }
    }

    /// Sends the actions registered for any of the events (a disabled control sends nothing).
    open func sendActions(for controlEvents: UIControl.Event) {
        guard isEnabled else { return }
        for (action, events) in actions where !events.intersection(controlEvents).isEmpty {
            action.handler(action)
        }
    }

    // MARK: - Tracking touches

    /// Whether the control is tracking a touch.
    open private(set) var isTracking = false
    /// Whether the tracked touch is inside the control's bounds, extended by a 70-point margin (valid while
    /// tracking).
    open private(set) var isTouchInside = false

    /// Called when a touch begins in the control; return `false` to ignore it (no further tracking
    /// calls and no touch events). The default returns `true`.
    /// - Parameters:
    ///   - touch: The touch.
    ///   - event: The event.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        true
    }

    /// Called when the tracked touch moves; return `false` to stop tracking. The default returns `true`.
    /// - Parameters:
    ///   - touch: The touch.
    ///   - event: The event.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        true
    }

    /// Called when the tracked touch lifts.
    /// - Parameters:
    ///   - touch: The touch (`nil` when tracking ends for another reason).
    ///   - event: The event.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

    /// Called when tracking is cancelled (a scroll view's drag or a gesture recognizer took the touch).
    /// - Parameters:
    ///   - event: The event, or `nil` when cancelled for another reason.
    open func cancelTracking(with event: UIEvent?) {}

    /// Starts tracking: highlights the control and sends `.touchDown` (with `.touchDownRepeat` for a
    /// repeated tap).
    /// - Parameters:
    ///   - touches: The touches that began.
    ///   - event: The event.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = trackedTouch(in: touches) else { return }
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        isHighlighted = true
        guard isTracking else { return }
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
        didBeginTracking()
    }

    /// Follows the touch: highlighted while inside, `.touchDragInside` or `.touchDragOutside`, with
    /// `.touchDragEnter` or `.touchDragExit` when it crosses the edge.
    /// - Parameters:
    ///   - touches: The touches that moved.
    ///   - event: The event.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch(in: touches) else { return }
        let wasInside = isTouchInside
        isTouchInside = isInsideForTracking(touch)
        isHighlighted = isTouchInside
        guard isTracking else { return }
        isTracking = continueTracking(touch, with: event)
        guard isTracking else { return }
        var events: UIControl.Event = isTouchInside ? .touchDragInside : .touchDragOutside
        if wasInside != isTouchInside {
            events.insert(isTouchInside ? .touchDragEnter : .touchDragExit)
        }
        sendActions(for: events)
    }

    /// Ends tracking: `.touchUpInside` when the touch lifts within the bounds extended by 70 points,
    /// otherwise `.touchUpOutside`.
    /// - Parameters:
    ///   - touches: The touches that ended.
    ///   - event: The event.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch(in: touches) else { return }
        isTouchInside = isInsideForTracking(touch)
        isHighlighted = false
        let wasTracking = isTracking
        isTracking = false
        if wasTracking {
            endTracking(touch, with: event)
            sendTouchUp(inside: isTouchInside)
            if isTouchInside { reportIfTappedWithoutActions() }
        }
        isTouchInside = false
        trackedTouchIdentifier = nil
    }

    /// Cancels tracking: `.touchCancel`.
    /// - Parameters:
    ///   - touches: The touches that were cancelled.
    ///   - event: The event.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard trackedTouch(in: touches) != nil else { return }
        isHighlighted = false
        let wasTracking = isTracking
        isTracking = false
        isTouchInside = false
        trackedTouchIdentifier = nil
        if wasTracking {
            cancelTracking(with: event)
            sendActions(for: .touchCancel)
        }
    }

    // MARK: - Internal

    /// How far outside its bounds a touch still counts as inside for tracking, in points.
    static let trackingMargin: CGFloat = 70

    /// Called after `.touchDown` was sent: a stepper sends its value change here.
    func didBeginTracking() {}

    /// Sends the touch-up events; ``UIButton`` adds its primary action.
    func sendTouchUp(inside: Bool) {
        sendActions(for: inside ? .touchUpInside : .touchUpOutside)
    }

    // MARK: - Private

    private var actions: [(action: UIAction, events: UIControl.Event)] = []
    /// Whether ``reportIfTappedWithoutActions()`` has spoken for this control (once is enough).
    private var reportedTapWithoutActions = false
    /// The one touch the control tracks (the first of a multi-touch).
    private var trackedTouchIdentifier: ObjectIdentifier?

    private func trackedTouch(in touches: Set<UITouch>) -> UITouch? {
        if let trackedTouchIdentifier {
            return touches.first { ObjectIdentifier($0) == trackedTouchIdentifier }
        }
        guard let touch = touches.min(by: { $0.timestamp < $1.timestamp }) else { return nil }
        trackedTouchIdentifier = ObjectIdentifier(touch)
        return touch
    }

    /// Says why a tap did nothing when the control has no action at all: the usual cause on Linux is an
    /// action written with `addTarget(_:action:for:)` and `#selector`, which cannot compile there and so was
    /// left to the iOS build. Controls that change their own value when tapped (a switch, a stepper…) are
    /// useful without actions and are not reported.
    private func reportIfTappedWithoutActions() {
        guard actions.isEmpty, !reportedTapWithoutActions else { return }
        let changesItsOwnValue = self is UISwitch || self is UISlider || self is UIStepper || self is UISegmentedControl
            || self is UIPageControl || self is UIDatePicker || self is UITextField
        guard !changesItsOwnValue else { return }
        reportedTapWithoutActions = true
        HeadlessDiagnostics.report(
            "A tap ended inside a \(type(of: self)) that has no actions, so it did nothing. Linux has no Objective-C "
                + "runtime: addTarget(_:action:for:) with a #selector cannot compile there. Give the control its action "
                + "with addAction(UIAction { _ in … }, for: .touchUpInside) (iOS 14 and later), which compiles on both."
        )
    }

    private func isInsideForTracking(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -Self.trackingMargin, dy: -Self.trackingMargin).contains(touch.location(in: self))
    }
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
        /// A repeated touch down (tap count above 1).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A drag inside the control.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A drag outside the control.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A drag entering the control.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A drag leaving the control.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A touch lifted inside the control.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch lifted outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The system cancelled the control's touch.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// The menu gesture fired, before the menu presents.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// A text field began editing.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// A text field's text changed.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// A text field ended editing.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// A text field ended editing with the return key.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every editing event of a text field.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// The range available to applications.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// The range reserved for the system.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
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
