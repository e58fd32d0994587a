import Foundation

/// An event delivered to the app: for touches, every finger on the screen at one moment.
///
/// As in UIKit, the application sends an event to the windows of its touches (``UIApplication/sendEvent(_:)``,
/// ``UIWindow/sendEvent(_:)``), and the window hands each touch to the gesture recognizers that receive it
/// and then to the view it was hit-tested to. HeadlessUIKit's touch events come from its drivers
/// (``Headless/tap(at:in:tapCount:timestamp:)-(_,UIWindow,_,_)``, ``HeadlessFinger``); one event object is reused for a whole
/// sequence of touches, as UIKit reuses it, so do not keep it past the callback.
@MainActor
open class UIEvent: NSObject {
    /// Creates an event with no touches.
    public override init() {
        super.init()
    }

    // MARK: - Event attributes

    /// The kind of event.
    open internal(set) var type: UIEvent.EventType = .touches
    /// The event's subtype (none for touches).
    open internal(set) var subtype: UIEvent.EventSubtype = .none
    /// When the event happened, in seconds since system start.
    open internal(set) var timestamp: TimeInterval = 0

    // MARK: - Touches

    /// Every touch of the event (`nil` for an event that carries no touches).
    open var allTouches: Set<UITouch>? {
        storedTouches.isEmpty ? nil : Set(storedTouches)
    }

    /// The touches that began in `window`.
    /// - Parameters:
    ///   - window: The window whose touches to return.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        nonEmpty(storedTouches.filter { $0.window === window })
    }

    /// The touches that began in `view` (whose ``UITouch/view`` it is).
    /// - Parameters:
    ///   - view: The view in which the touches originally occurred.
    open func touches(for view: UIView) -> Set<UITouch>? {
        nonEmpty(storedTouches.filter { $0.view === view })
    }

    /// The touches delivered to a gesture recognizer.
    /// - Parameters:
    ///   - gesture: The gesture recognizer whose touches to return.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        nonEmpty(storedTouches.filter { $0.receivingRecognizers.contains { $0 === gesture } })
    }

    // MARK: - Internal

    /// The touches, in the order they began.
    var storedTouches: [UITouch] = []

    // MARK: - Private

    private func nonEmpty(_ touches: [UITouch]) -> Set<UITouch>? {
        touches.isEmpty ? nil : Set(touches)
    }
}
