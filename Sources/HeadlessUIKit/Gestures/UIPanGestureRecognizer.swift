import Foundation

/// A continuous recognizer for a drag: it begins once the fingers have moved far enough to be a pan, changes
/// with every move, and ends when the fingers lift.
///
/// It begins when at least ``minimumNumberOfTouches`` fingers have moved 10 points from where they came
/// down (UIKit does not publish its threshold; 10 points is the value measured on devices), and fails when
/// more than ``maximumNumberOfTouches`` fingers touch. ``translation(in:)`` is measured from where the
/// fingers came down, so it includes that first stretch.
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    // MARK: - Configuring the gesture

    /// The fewest fingers that make a pan (default 1).
    open var minimumNumberOfTouches = 1
    /// The most fingers that make a pan (default `Int.max`).
    open var maximumNumberOfTouches = Int.max

    // MARK: - Tracking the pan

    /// How far the fingers' centroid moved since the pan started, in `view`'s coordinates.
    /// - Parameters:
    ///   - view: The view whose coordinates to use, or `nil` for the window.
    open func translation(in view: UIView?) -> CGPoint {
        guard let start = startCentroid else { return .zero }
        let current = currentCentroid ?? start
        let translation = CGPoint(x: current.x - start.x + translationOffset.x, y: current.y - start.y + translationOffset.y)
        return convertVector(translation, to: view)
    }

    /// Resets the translation to `translation` (in `view`'s coordinates) from the fingers' current place.
    /// - Parameters:
    ///   - translation: The new translation.
    ///   - view: The view whose coordinates `translation` is in, or `nil` for the window.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let windowTranslation = convertVector(translation, from: view)
        let current = currentCentroid ?? startCentroid ?? .zero
        startCentroid = current
        translationOffset = windowTranslation
    }

    /// The speed of the pan in points per second, in `view`'s coordinates, from the last move (zero when
    /// the fingers rested for more than 0.1 s).
    /// - Parameters:
    ///   - view: The view whose coordinates to use, or `nil` for the window.
    open func velocity(in view: UIView?) -> CGPoint {
        convertVector(lastVelocity, to: view)
    }

    // MARK: - Subclass API

    /// Notes where the fingers came down; fails when there are too many.
    /// - Parameters:
    ///   - touches: The touches that began.
    ///   - event: The event.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if numberOfTouches > maximumNumberOfTouches {
            state = state == .possible ? .failed : .ended
            return
        }
        // A finger joining a pan restarts the centroid without a jump in the translation.
        let carried = startCentroid == nil ? CGPoint.zero : translation(in: nil)
        startCentroid = location(in: nil)
        currentCentroid = startCentroid
        translationOffset = carried
        lastMoveTime = touches.map(\.timestamp).max() ?? event.timestamp
    }

    /// Begins once the fingers moved far enough, then changes with every move.
    /// - Parameters:
    ///   - touches: The touches that moved.
    ///   - event: The event.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        let previous = currentCentroid ?? location(in: nil)
        let now = touches.map(\.timestamp).max() ?? event.timestamp
        currentCentroid = location(in: nil)
        if let current = currentCentroid, let lastMoveTime, now > lastMoveTime {
            lastVelocity = CGPoint(x: (current.x - previous.x) / (now - lastMoveTime), y: (current.y - previous.y) / (now - lastMoveTime))
        }
        lastMoveTime = now
        switch state {
        case .possible:
            let moved = translation(in: nil)
            guard numberOfTouches >= minimumNumberOfTouches, hypot(moved.x, moved.y) >= Self.hysteresis else { return }
            state = .began
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Ends the pan when the last finger lifts; a pan that never began fails.
    /// - Parameters:
    ///   - touches: The touches that ended.
    ///   - event: The event.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        let now = touches.map(\.timestamp).max() ?? event.timestamp
        if let lastMoveTime, now - lastMoveTime > Self.restingTime {
            lastVelocity = .zero
        }
        guard numberOfTouches == 0 else {
            let carried = translation(in: nil)
            startCentroid = location(in: nil)
            currentCentroid = startCentroid
            translationOffset = carried
            return
        }
        state = (state == .began || state == .changed) ? .ended : .failed
    }

    /// Cancels a pan in progress; one that never began fails.
    /// - Parameters:
    ///   - touches: The touches that were cancelled.
    ///   - event: The event.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = (state == .began || state == .changed) ? .cancelled : .failed
    }

    /// Forgets the pan.
    open override func reset() {
        super.reset()
        startCentroid = nil
        currentCentroid = nil
        translationOffset = .zero
        lastVelocity = .zero
        lastMoveTime = nil
    }

    // MARK: - Internal

    /// How far the fingers move before a pan begins, in points.
    static let hysteresis: CGFloat = 10
    /// How long the fingers may rest before lifting and still fling, in seconds.
    static let restingTime: TimeInterval = 0.1

    // MARK: - Private

    private var startCentroid: CGPoint?
    private var currentCentroid: CGPoint?
    private var translationOffset = CGPoint.zero
    private var lastVelocity = CGPoint.zero
    private var lastMoveTime: TimeInterval?

    /// Converts a displacement from window coordinates into `view`'s (scale and rotation, no translation).
    private func convertVector(_ vector: CGPoint, to view: UIView?) -> CGPoint {
        guard let view else { return vector }
        let origin = view.convert(CGPoint.zero, from: nil)
        let end = view.convert(vector, from: nil)
        return CGPoint(x: end.x - origin.x, y: end.y - origin.y)
    }

    private func convertVector(_ vector: CGPoint, from view: UIView?) -> CGPoint {
        guard let view else { return vector }
        let origin = view.convert(CGPoint.zero, to: nil)
        let end = view.convert(vector, to: nil)
        return CGPoint(x: end.x - origin.x, y: end.y - origin.y)
    }
}
