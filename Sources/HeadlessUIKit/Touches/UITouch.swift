import Foundation

/// A finger on the screen: its location, phase, tap count and time, and the view and window it was first
/// hit-tested to.
///
/// As in UIKit, a touch object lives for the whole touch sequence: the same object is updated from
/// ``UITouch/Phase/began`` to ``UITouch/Phase/ended`` or ``UITouch/Phase/cancelled``. Its ``view`` is the
/// view ``UIView/hitTest(_:with:)`` returned when the finger came down and never changes, even when the
/// finger moves out of that view. UIKit has no public initializer for touches: in HeadlessUIKit they come
/// only from the drivers (``Headless/tap(at:in:tapCount:timestamp:)-(_,UIWindow,_,_)``, ``HeadlessFinger``).
@MainActor
open class UITouch: NSObject {
    // MARK: - Touch attributes

    /// When the touch last changed, in seconds since system start (the clock of
    /// `ProcessInfo.systemUptime`, unless a driver was given other times).
    open internal(set) var timestamp: TimeInterval
    /// Where the touch is in its sequence.
    open internal(set) var phase: UITouch.Phase = .began
    /// How many times the finger tapped at this point in quick succession (1 for a single tap).
    open internal(set) var tapCount: Int
    /// The kind of touch; HeadlessUIKit makes only direct (finger) touches.
    open internal(set) var type: UITouch.TouchType = .direct
    /// The window the touch began in.
    open internal(set) var window: UIWindow?
    /// The view the touch was hit-tested to when it began (`nil` when no view took it).
    open internal(set) var view: UIView?
    /// The gesture recognizers receiving this touch: those of ``view``, its ancestors and the window that
    /// accepted it when it began. `nil` for a touch no recognizer receives.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        receivingRecognizers.isEmpty ? nil : receivingRecognizers
    }

    // MARK: - Locations

    /// The touch's current location in `view`'s coordinates (window coordinates for `nil`).
    /// - Parameters:
    ///   - view: The view whose coordinates to use, or `nil` for the touch's window.
    open func location(in view: UIView?) -> CGPoint {
        convert(locationInWindow, to: view)
    }

    /// The touch's location before its last move, in `view`'s coordinates (window coordinates for `nil`).
    /// - Parameters:
    ///   - view: The view whose coordinates to use, or `nil` for the touch's window.
    open func previousLocation(in view: UIView?) -> CGPoint {
        convert(previousLocationInWindow, to: view)
    }

    // MARK: - Internal

    /// The location in ``window``'s coordinates.
    var locationInWindow: CGPoint
    /// The location in ``window``'s coordinates before the last move.
    var previousLocationInWindow: CGPoint
    /// The recognizers that accepted the touch when it began, in delivery order.
    var receivingRecognizers: [UIGestureRecognizer] = []
    /// Whether a recognizer that recognized has cancelled the touch for its view: the view got
    /// `touchesCancelled` and hears nothing more of it.
    var isCancelledForView = false
    /// Whether the view has been sent `touchesBegan` for this touch (it may be delayed).
    var viewHasBegun = false
    /// Whether the window has chosen the touch's recognizers (once, when it began).
    var recognizersAssigned = false

    init(locationInWindow: CGPoint, window: UIWindow, tapCount: Int, timestamp: TimeInterval) {
        self.locationInWindow = locationInWindow
        self.previousLocationInWindow = locationInWindow
        self.window = window
        self.tapCount = tapCount
        self.timestamp = timestamp
        super.init()
    }

    // MARK: - Private

    private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window else { return point }
        return view.convert(point, from: window)
    }
}
