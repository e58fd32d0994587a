import Foundation

/// The base class of gesture recognizers: an object attached to a view that watches the touches
/// hit-tested to that view and its subviews, recognizes a gesture and sends its actions.
///
/// Delivery follows UIKit: the window gives each touch to the recognizers of the hit-test view, its
/// ancestors and the window itself *before* it gives it to the view; ``cancelsTouchesInView``,
/// ``delaysTouchesBegan`` and ``delaysTouchesEnded`` decide what the view sees when the recognizer
/// recognizes or fails. A recognizer in a final state (``UIGestureRecognizer/State/ended``,
/// ``UIGestureRecognizer/State/cancelled``, ``UIGestureRecognizer/State/failed``) is reset to
/// ``UIGestureRecognizer/State/possible`` (``reset()``) when its touch sequence ends.
///
/// Subclasses override the touch methods and set ``state``, as an iOS subclass does after
/// `import UIKit.UIGestureRecognizerSubclass`; the same subclass source compiles here. On iOS,
/// `init(target:action:)` and `addTarget(_:action:)` take an Objective-C selector, which Linux does not
/// have: HeadlessUIKit creates recognizers with `init()` and attaches actions with
/// ``Headless/addAction(to:_:)``.
@MainActor
open class UIGestureRecognizer: NSObject {
    // MARK: - Creating recognizers

    /// Creates a recognizer with no actions.
    public override init() {
        super.init()
    }

    // MARK: - State

    /// The recognizer's state. Users read it; subclasses set it from their touch methods (UIKit declares
    /// the setter in `UIGestureRecognizerSubclass`).
    ///
    /// Leaving ``UIGestureRecognizer/State/possible`` asks the ``delegate``'s and the view's
    /// `gestureRecognizerShouldBegin(_:)` first: a `false` answer, or a recognizer that already recognized
    /// and may prevent this one, makes the state ``UIGestureRecognizer/State/failed`` instead.
    open var state: UIGestureRecognizer.State {
        get { storedState }
        set { GestureEnvironment.shared.recognizer(self, setState: newValue) }
    }

    /// Whether the recognizer takes touches (default `true`). Turning it off while it recognizes
    /// cancels the gesture; a disabled recognizer receives no touches.
    open var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            GestureEnvironment.shared.recognizerWasDisabled(self)
        }
    }

    /// The view the recognizer is attached to (``UIView/addGestureRecognizer(_:)``).
    open var view: UIView? { attachedView }

    /// Fine-tunes recognition; held weakly.
    open weak var delegate: (any UIGestureRecognizerDelegate)?

    /// A name for debugging.
    open var name: String?

    // MARK: - Touch delivery to the view

    /// Whether the view's touches are cancelled (`touchesCancelled(_:with:)`) when the gesture is
    /// recognized, just before the actions are sent. Default `true`.
    open var cancelsTouchesInView = true
    /// Whether the view gets its touches only after this recognizer fails. Default `false`.
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded(_:with:)` waits until this recognizer fails, so that touches the
    /// gesture recognizes can still be cancelled. Default `true`.
    open var delaysTouchesEnded = true

    // MARK: - Relationships with other recognizers

    /// Makes this recognizer wait for `otherGestureRecognizer` to fail before it recognizes; if the other
    /// recognizes, this one fails.
    /// - Parameters:
    ///   - otherGestureRecognizer: The recognizer that must fail first.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard !failureRequirements.contains(where: { $0.recognizer === otherGestureRecognizer }) else { return }
        failureRequirements.append(WeakRecognizer(otherGestureRecognizer))
    }

    // MARK: - Locations

    /// The centroid of the recognizer's touches, in `view`'s coordinates (window coordinates for `nil`).
    /// - Parameters:
    ///   - view: The view whose coordinates to use, or `nil` for the window.
    open func location(in view: UIView?) -> CGPoint {
        let touches = activeTouches
        guard !touches.isEmpty else { return lastLocation.map { self.convert($0, to: view) } ?? .zero }
        let points = touches.map { $0.location(in: view) }
        let count = CGFloat(points.count)
        return CGPoint(x: points.map(\.x).reduce(0, +) / count, y: points.map(\.y).reduce(0, +) / count)
    }

    /// The location of one of the recognizer's touches, in `view`'s coordinates.
    /// - Parameters:
    ///   - touchIndex: The touch's index, below ``numberOfTouches``.
    ///   - view: The view whose coordinates to use, or `nil` for the window.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = activeTouches
        guard touches.indices.contains(touchIndex) else {
            HeadlessDiagnostics.report("location(ofTouch:in:) with index \(touchIndex) beyond numberOfTouches \(touches.count); returning .zero (UIKit raises).")
            return .zero
        }
        return touches[touchIndex].location(in: view)
    }

    /// How many touches the recognizer is tracking.
    open var numberOfTouches: Int { activeTouches.count }

    // MARK: - Subclass API (UIKit's UIGestureRecognizerSubclass)

    /// Resets internal state for a new attempt; called after a final state when the touch sequence ends.
    /// Overrides call `super`.
    open func reset() {}

    /// Stops delivering `touch` to the recognizer: it is no longer part of the gesture, and recognizing
    /// will not cancel it in the view.
    /// - Parameters:
    ///   - touch: The touch to ignore.
    ///   - event: The event it belongs to.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        ignoredTouches.insert(ObjectIdentifier(touch))
    }

    /// Whether this recognizer, by recognizing, may keep `preventedGestureRecognizer` from recognizing.
    /// Default `true`.
    /// - Parameters:
    ///   - preventedGestureRecognizer: The recognizer that would be prevented.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether `preventingGestureRecognizer`, by recognizing, may keep this recognizer from recognizing.
    /// Default `true`.
    /// - Parameters:
    ///   - preventingGestureRecognizer: The recognizer that would prevent this one.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether this recognizer must wait for `otherGestureRecognizer` to fail (class-wide rule; the
    /// delegate can add more). Default `false`.
    /// - Parameters:
    ///   - otherGestureRecognizer: The recognizer that would have to fail.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether `otherGestureRecognizer` must wait for this recognizer to fail (class-wide rule). Default
    /// `false`.
    /// - Parameters:
    ///   - otherGestureRecognizer: The recognizer that would wait.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Receives touches that began, before the view does. Subclasses override it (calling `super`).
    /// - Parameters:
    ///   - touches: The recognizer's touches that began.
    ///   - event: The event.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}

    /// Receives touches that moved, before the view does.
    /// - Parameters:
    ///   - touches: The recognizer's touches that moved.
    ///   - event: The event.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}

    /// Receives touches that ended, before the view does.
    /// - Parameters:
    ///   - touches: The recognizer's touches that ended.
    ///   - event: The event.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}

    /// Receives touches that were cancelled.
    /// - Parameters:
    ///   - touches: The recognizer's touches that were cancelled.
    ///   - event: The event.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}

    // MARK: - Internal

    /// The state without the transition logic of the public setter.
    var storedState: UIGestureRecognizer.State = .possible
    /// Set by ``UIView/addGestureRecognizer(_:)``; the view owns the recognizer.
    weak var attachedView: UIView?
    /// The closures ``Headless/addAction(to:_:)`` attached, in the order they were added.
    var actions: [(UIGestureRecognizer) -> Void] = []
    /// Whether the environment said that this recognizer recognized without actions (once is enough).
    var reportedRecognizedWithoutActions = false
    /// The touches of the current sequence, in the order they began.
    var trackedTouches: [UITouch] = []
    /// Touches the subclass asked to ignore (``ignore(_:for:)``).
    var ignoredTouches: Set<ObjectIdentifier> = []
    /// Recognizers that must fail before this one may recognize (``require(toFail:)``).
    var failureRequirements: [WeakRecognizer] = []
    /// The window location of the last touch, for ``location(in:)`` after the touches ended.
    var lastLocation: CGPoint?
    /// The window of the last touch.
    weak var lastWindow: UIWindow?

    /// The tracked touches that are not ignored and have not ended or been cancelled.
    var activeTouches: [UITouch] {
        trackedTouches.filter { !ignoredTouches.contains(ObjectIdentifier($0)) && $0.phase != .ended && $0.phase != .cancelled }
    }

    /// Whether the recognizer, still possible when its touches are over, waits for another touch sequence
    /// instead of failing (a multiple-tap recognizer between taps).
    var waitsBetweenTouchSequences: Bool { false }

    /// A touch time at which ``touchDeadlineDidPass()`` runs, before the first event at or after it is
    /// delivered: HeadlessUIKit's stand-in for UIKit's recognizer timers, driven by the touches' timestamps.
    var touchDeadline: TimeInterval?

    /// Runs when an event reaches ``touchDeadline``.
    func touchDeadlineDidPass() {}

    /// Whether the recognizer still takes touches in this sequence.
    var isEvaluating: Bool {
        storedState == .possible || storedState == .began || storedState == .changed
    }

    // MARK: - Private

    private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window = lastWindow else { return point }
        return view.convert(point, from: window)
    }
}
