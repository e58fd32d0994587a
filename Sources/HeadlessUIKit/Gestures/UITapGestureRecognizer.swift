import Foundation

/// A discrete recognizer for taps: ``numberOfTouchesRequired`` fingers tapping ``numberOfTapsRequired``
/// times.
///
/// It recognizes when the last required tap's fingers lift, and fails when a finger moves more than
/// ``allowableMovement`` from where it came down, when more fingers than required touch, when a tap
/// lasts longer than ``maximumTapDuration`` or when the next tap of a multiple tap comes more than
/// ``maximumIntervalBetweenSuccessiveTaps`` later. Times are the touches' timestamps, so tests drive it
/// with a manual clock. UIKit publishes none of these three limits; HeadlessUIKit uses the values UIKit
/// configures its own tap recognizer with (45 pt, 0.75 s, 0.35 s), which Sightline's tracker shares:
/// see docs/uikit-semantics/tap-rule.md.
///
/// - Note: A multiple-tap recognizer left waiting after too few taps stays possible until the next touch
///   (UIKit fails it with a timer); a recognizer that requires it to fail waits as long.
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    // MARK: - Configuring the gesture

    /// How many taps recognize the gesture (default 1).
    open var numberOfTapsRequired = 1
    /// How many fingers each tap needs (default 1).
    open var numberOfTouchesRequired = 1

    // MARK: - Subclass API

    /// Counts the new fingers and fails on too many, or on a tap that comes too late.
    /// - Parameters:
    ///   - touches: The touches that began.
    ///   - event: The event.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        let now = touches.map(\.timestamp).max() ?? event.timestamp
        if let lastTapEnd, now - lastTapEnd > Self.maximumIntervalBetweenSuccessiveTaps {
            state = .failed
            return
        }
        for touch in touches {
            startLocations[ObjectIdentifier(touch)] = touch.location(in: nil)
        }
        if tapStart == nil { tapStart = now }
        fingersDown += touches.count
        if fingersDown > numberOfTouchesRequired {
            state = .failed
            return
        }
        if firstTapLocation == nil { firstTapLocation = touches.first?.location(in: nil) }
    }

    /// Fails when a finger moved beyond the allowable movement.
    /// - Parameters:
    ///   - touches: The touches that moved.
    ///   - event: The event.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        for touch in touches {
            guard let start = startLocations[ObjectIdentifier(touch)] else { continue }
            let location = touch.location(in: nil)
            if hypot(location.x - start.x, location.y - start.y) > Self.allowableMovement {
                state = .failed
                return
            }
        }
    }

    /// Completes a tap when the fingers lift; recognizes after the last required tap.
    /// - Parameters:
    ///   - touches: The touches that ended.
    ///   - event: The event.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        fingersLifted += touches.count
        let now = touches.map(\.timestamp).max() ?? event.timestamp
        if let tapStart, now - tapStart > Self.maximumTapDuration {
            state = .failed
            return
        }
        guard fingersLifted >= fingersDown else { return }
        guard fingersDown == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsCompleted += 1
        if tapsCompleted >= numberOfTapsRequired {
            state = .recognized
        } else {
            lastTapEnd = now
            tapStart = nil
            fingersDown = 0
            fingersLifted = 0
        }
    }

    /// A cancelled touch fails the tap.
    /// - Parameters:
    ///   - touches: The touches that were cancelled.
    ///   - event: The event.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .failed
    }

    /// Forgets the taps counted so far.
    open override func reset() {
        super.reset()
        startLocations.removeAll()
        tapsCompleted = 0
        fingersDown = 0
        fingersLifted = 0
        tapStart = nil
        lastTapEnd = nil
        firstTapLocation = nil
    }

    /// A tap recognizer never prevents another tap recognizer that needs more taps (UIKit's documented
    /// class rule, `canPreventGestureRecognizer:`).
    /// - Parameters:
    ///   - preventedGestureRecognizer: The recognizer that would be prevented.
    open override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = preventedGestureRecognizer as? UITapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        return super.canPrevent(preventedGestureRecognizer)
    }

    // MARK: - Internal

    /// How far a finger may move from where it came down before the tap fails, in points.
    static let allowableMovement: CGFloat = 45
    /// The longest a single tap may last, in seconds.
    static let maximumTapDuration: TimeInterval = 0.75
    /// The longest pause between the taps of a multiple tap, in seconds.
    static let maximumIntervalBetweenSuccessiveTaps: TimeInterval = 0.35

    /// Between the taps of a multiple tap the recognizer waits in `.possible` with no finger down.
    override var waitsBetweenTouchSequences: Bool {
        tapsCompleted > 0 && tapsCompleted < numberOfTapsRequired
    }

    // MARK: - Private

    private var startLocations: [ObjectIdentifier: CGPoint] = [:]
    private var tapsCompleted = 0
    private var fingersDown = 0
    private var fingersLifted = 0
    private var tapStart: TimeInterval?
    private var lastTapEnd: TimeInterval?
    private var firstTapLocation: CGPoint?
}
