import Foundation

/// Delivers a window's touches to gesture recognizers and views, and runs the recognizers' state machine
/// and arbitration, as UIKit's gesture environment does.
///
/// For each touch event sent to a window: new touches get their recognizers (those of the hit-test view,
/// its ancestors and the window that accept them); every recognizer hears its touches first; then each
/// view hears its touches unless a recognizer delays them (``UIGestureRecognizer/delaysTouchesBegan``,
/// ``UIGestureRecognizer/delaysTouchesEnded``) or has cancelled them by recognizing
/// (``UIGestureRecognizer/cancelsTouchesInView``). When a recognizer's touch sequence is over, a
/// recognizer in a final state is reset, and one still possible is failed (it cannot recognize without
/// touches), which releases what it delayed.
@MainActor
final class GestureEnvironment {
    static let shared = GestureEnvironment()

    // MARK: - Delivery

    /// Delivers the event's touches that belong to `window`.
    func deliver(_ event: UIEvent, in window: UIWindow) {
        let touches = event.storedTouches.filter { $0.window === window }
        guard !touches.isEmpty else { return }
        passDeadlines(at: event.timestamp, of: touches)
        for touch in touches where touch.phase == .began && !touch.recognizersAssigned {
            assignRecognizers(to: touch, event: event)
        }
        deliverToRecognizers(touches, event: event)
        deliverToViews(touches, event: event)
        finishSequences(of: touches, event: event)
    }

    // MARK: - State changes

    /// Sets a recognizer's state the way UIKit's subclass setter does: leaving `.possible` is vetoed by the
    /// delegate, the views, a failure requirement or a recognizer that already recognized; the rest of the
    /// transition (cancelling the view's touches, excluding other recognizers, the actions) runs at once, or
    /// after the recognizer's touch method returns when it is set from inside one.
    func recognizer(_ recognizer: UIGestureRecognizer, setState newState: UIGestureRecognizer.State) {
        var state = newState
        let oldState = recognizer.storedState
        if oldState == .possible, state == .began || state == .ended {
            if !mayBegin(recognizer) {
                state = .failed
            } else if isWaitingForFailure(recognizer) {
                // Held in `.possible` until the required recognizers fail (or recognize, failing it).
                waiting.append((recognizer, state))
                return
            }
        }
        recognizer.storedState = state
        if delivering > 0 {
            pending.append((recognizer, state, oldState))
        } else {
            didTransition(recognizer, to: state, from: oldState)
        }
    }

    /// Cancels a disabled recognizer's gesture, or fails it when it had not begun.
    func recognizerWasDisabled(_ recognizer: UIGestureRecognizer) {
        switch recognizer.storedState {
        case .began, .changed: recognizer.state = .cancelled
        case .possible where !recognizer.trackedTouches.isEmpty: recognizer.state = .failed
        default: break
        }
        forget(recognizer)
    }

    /// Drops a detached recognizer from every touch and cancels a gesture in progress.
    func recognizerWasDetached(_ recognizer: UIGestureRecognizer) {
        recognizerWasDisabled(recognizer)
    }

    /// Forgets delayed touches and waiting recognizers (``Headless/reset()``): nothing of a test reaches the next.
    func reset() {
        pending.removeAll()
        waiting.removeAll()
        delayedBegan.removeAll()
        delayedEnded.removeAll()
        delivering = 0
    }

    // MARK: - Private state

    /// How deep the environment is inside recognizer callbacks; transitions wait for the callback to return.
    private var delivering = 0
    private var pending: [(recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State, oldState: UIGestureRecognizer.State)] = []
    /// Recognizers that recognized but wait for others to fail, with the state they asked for.
    private var waiting: [(recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State)] = []
    /// Touches whose `touchesBegan` or `touchesEnded` a recognizer holds back from the view.
    private var delayedBegan: [UITouch] = []
    private var delayedEnded: [UITouch] = []
    /// The event of the last delivery, for releasing delayed touches later.
    private weak var lastEvent: UIEvent?

    // MARK: - Private: time

    /// Runs the recognizer timers whose time the event has reached, as UIKit's timers would have fired
    /// before this event arrived.
    private func passDeadlines(at timestamp: TimeInterval, of touches: [UITouch]) {
        var seen: [UIGestureRecognizer] = []
        for touch in touches {
            for recognizer in touch.receivingRecognizers where !seen.contains(where: { $0 === recognizer }) {
                seen.append(recognizer)
                guard let deadline = recognizer.touchDeadline, timestamp >= deadline, recognizer.isEvaluating else { continue }
                recognizer.touchDeadline = nil
                recognizer.touchDeadlineDidPass()
            }
        }
    }

    // MARK: - Private: assignment

    private func assignRecognizers(to touch: UITouch, event: UIEvent) {
        touch.recognizersAssigned = true
        var accepted: [UIGestureRecognizer] = []
        var view = touch.view
        while let current = view {
            for recognizer in current.gestureRecognizers ?? [] where accepts(recognizer, touch: touch, event: event) {
                accepted.append(recognizer)
            }
            view = current.superview
        }
        touch.receivingRecognizers = accepted
        for recognizer in accepted {
            recognizer.trackedTouches.append(touch)
            recognizer.lastWindow = touch.window
        }
    }

    private func accepts(_ recognizer: UIGestureRecognizer, touch: UITouch, event: UIEvent) -> Bool {
        guard recognizer.isEnabled, recognizer.isEvaluating else { return false }
        guard let delegate = recognizer.delegate else { return true }
        return delegate.gestureRecognizer(recognizer, shouldReceive: event)
            && delegate.gestureRecognizer(recognizer, shouldReceive: touch)
    }

    // MARK: - Private: recognizers

    private func deliverToRecognizers(_ touches: [UITouch], event: UIEvent) {
        var recognizers: [UIGestureRecognizer] = []
        for touch in touches {
            for recognizer in touch.receivingRecognizers where !recognizers.contains(where: { $0 === recognizer }) {
                recognizers.append(recognizer)
            }
        }
        for recognizer in recognizers {
            for phase in [UITouch.Phase.began, .moved, .stationary, .ended, .cancelled] where phase != .stationary {
                guard recognizer.isEvaluating, recognizer.isEnabled else { break }
                let mine = touches.filter { touch in
                    touch.phase == phase
                        && touch.receivingRecognizers.contains { $0 === recognizer }
                        && !recognizer.ignoredTouches.contains(ObjectIdentifier(touch))
                }
                guard !mine.isEmpty else { continue }
                recognizer.lastLocation = mine.last?.locationInWindow
                let set = Set(mine)
                delivering += 1
                switch phase {
                case .began: recognizer.touchesBegan(set, with: event)
                case .moved: recognizer.touchesMoved(set, with: event)
                case .ended: recognizer.touchesEnded(set, with: event)
                default: recognizer.touchesCancelled(set, with: event)
                }
                delivering -= 1
                runPendingTransitions()
            }
        }
    }

    private func runPendingTransitions() {
        guard delivering == 0 else { return }
        while !pending.isEmpty {
            let (recognizer, state, oldState) = pending.removeFirst()
            didTransition(recognizer, to: state, from: oldState)
        }
    }

    private func didTransition(_ recognizer: UIGestureRecognizer, to state: UIGestureRecognizer.State, from oldState: UIGestureRecognizer.State) {
        switch state {
        case .possible:
            return
        case .failed:
            recognizerDidFail(recognizer)
            return
        case .began, .ended:
            guard oldState == .possible else { break }
            // Cancel first: excluding others may fail a recognizer that delays these touches, which must not
            // release them to the view.
            if recognizer.cancelsTouchesInView {
                cancelViewTouches(of: recognizer)
            }
            excludeOthers(from: recognizer)
            releaseWaiters(requiring: recognizer, didRecognize: true)
        default:
            break
        }
        sendActions(of: recognizer)
    }

    private func sendActions(of recognizer: UIGestureRecognizer) {
        for action in recognizer.actions {
            action(recognizer)
        }
        reportIfRecognizedWithoutActions(recognizer)
    }

    /// Says why a tap recognized and nothing ran: the usual cause on Linux is an action written with
    /// `init(target:action:)` or `addTarget(_:action:)` and `#selector`, which cannot compile there and so was
    /// left to the iOS build. Only a plain `UITapGestureRecognizer` is judged (a subclass may act in its own touch
    /// methods, and other recognizers are often watched through their state), once per recognizer.
    private func reportIfRecognizedWithoutActions(_ recognizer: UIGestureRecognizer) {
        guard recognizer.actions.isEmpty, type(of: recognizer) == UITapGestureRecognizer.self, recognizer.storedState == .ended,
              !recognizer.reportedRecognizedWithoutActions else { return }
        recognizer.reportedRecognizedWithoutActions = true
        HeadlessDiagnostics.report(
            "A UITapGestureRecognizer recognized a tap but has no actions, so nothing ran. Linux has no Objective-C "
                + "runtime: init(target:action:) and addTarget(_:action:) with a #selector cannot compile there. Attach "
                + "its action with Headless.addAction(to:_:) inside #if canImport(HeadlessUIKit), or use a closure-based "
                + "recognizer of the app's own that calls it (see Testing your app on Linux)."
        )
    }

    /// The delegate and the views under the touches may veto; a recognizer that already recognized
    /// prevents this one unless they may recognize together.
    private func mayBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            return false
        }
        var asked: [UIView] = []
        if let view = recognizer.view {
            asked.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) { return false }
        }
        for touch in recognizer.trackedTouches where !recognizer.ignoredTouches.contains(ObjectIdentifier(touch)) {
            guard let view = touch.view, !asked.contains(where: { $0 === view }) else { continue }
            asked.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) { return false }
        }
        for other in recognizers(sharingTouchesWith: recognizer)
        where other.storedState == .began || other.storedState == .changed || (other.storedState == .ended && !other.trackedTouches.isEmpty) {
            if prevents(other, recognizer) { return false }
        }
        return true
    }

    private func prevents(_ preventing: UIGestureRecognizer, _ prevented: UIGestureRecognizer) -> Bool {
        guard preventing.canPrevent(prevented), prevented.canBePrevented(by: preventing) else { return false }
        return !recognizeSimultaneously(preventing, prevented)
    }

    private func recognizeSimultaneously(_ first: UIGestureRecognizer, _ second: UIGestureRecognizer) -> Bool {
        first.delegate?.gestureRecognizer(first, shouldRecognizeSimultaneouslyWith: second) == true
            || second.delegate?.gestureRecognizer(second, shouldRecognizeSimultaneouslyWith: first) == true
    }

    /// Fails the recognizers still possible that `recognizer`, by recognizing, prevents.
    private func excludeOthers(from recognizer: UIGestureRecognizer) {
        for other in recognizers(sharingTouchesWith: recognizer) where other.storedState == .possible && prevents(recognizer, other) {
            if waiting.contains(where: { $0.recognizer === other }) {
                waiting.removeAll { $0.recognizer === other }
            }
            other.state = .failed
        }
    }

    private func recognizers(sharingTouchesWith recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        for touch in recognizer.trackedTouches {
            for other in touch.receivingRecognizers where other !== recognizer && !result.contains(where: { $0 === other }) {
                result.append(other)
            }
        }
        return result
    }

    // MARK: - Private: failure requirements

    private func requiredToFail(before recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result = recognizer.failureRequirements.compactMap(\.recognizer)
        for other in recognizers(sharingTouchesWith: recognizer) where !result.contains(where: { $0 === other }) {
            let dynamic = recognizer.shouldRequireFailure(of: other)
                || other.shouldBeRequiredToFail(by: recognizer)
                || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
            if dynamic { result.append(other) }
        }
        return result
    }

    private func isWaitingForFailure(_ recognizer: UIGestureRecognizer) -> Bool {
        requiredToFail(before: recognizer).contains { $0.storedState == .possible && (!$0.trackedTouches.isEmpty || $0.waitsBetweenTouchSequences) }
    }

    /// A required recognizer failed or recognized: waiters recognize (when nothing else holds them) or fail.
    private func releaseWaiters(requiring recognizer: UIGestureRecognizer, didRecognize: Bool) {
        let candidates = waiting.filter { entry in requiredToFail(before: entry.recognizer).contains { $0 === recognizer } }
        for (waiter, state) in candidates {
            if didRecognize {
                waiting.removeAll { $0.recognizer === waiter }
                waiter.state = .failed
            } else if !isWaitingForFailure(waiter) {
                waiting.removeAll { $0.recognizer === waiter }
                waiter.state = state
            }
        }
    }

    // MARK: - Private: views

    private func deliverToViews(_ touches: [UITouch], event: UIEvent) {
        lastEvent = event
        var began: [UITouch] = []
        var moved: [UITouch] = []
        var ended: [UITouch] = []
        var cancelled: [UITouch] = []
        for touch in touches where !touch.isCancelledForView {
            switch touch.phase {
            case .began:
                if isDelayingBegan(touch) { delayedBegan.append(touch) } else { began.append(touch) }
            case .moved:
                if touch.viewHasBegun { moved.append(touch) }
            case .ended:
                if !touch.viewHasBegun, delayedBegan.contains(where: { $0 === touch }) {
                    // Still held: the view will get began and ended together when the recognizers fail.
                    delayedEnded.append(touch)
                } else if isDelayingEnded(touch) {
                    delayedEnded.append(touch)
                } else if touch.viewHasBegun {
                    ended.append(touch)
                }
            case .cancelled:
                delayedBegan.removeAll { $0 === touch }
                delayedEnded.removeAll { $0 === touch }
                if touch.viewHasBegun { cancelled.append(touch) }
            default:
                break
            }
        }
        began = began.filter { scrollViewsLetBegin($0, event: event) }
        for touch in began { touch.viewHasBegun = true }
        send(began, event: event) { $0.touchesBegan($1, with: $2) }
        send(moved, event: event) { $0.touchesMoved($1, with: $2) }
        send(ended, event: event) { $0.touchesEnded($1, with: $2) }
        send(cancelled, event: event) { $0.touchesCancelled($1, with: $2) }
    }

    /// Sends each view its touches in one call, views in the order their first touch began.
    private func send(_ touches: [UITouch], event: UIEvent?, _ method: (UIResponder, Set<UITouch>, UIEvent?) -> Void) {
        var views: [(view: UIResponder, touches: [UITouch])] = []
        for touch in touches {
            guard let view = touch.view else { continue }
            if let index = views.firstIndex(where: { $0.view === view }) {
                views[index].touches.append(touch)
            } else {
                views.append((view, [touch]))
            }
        }
        for (view, touches) in views {
            method(view, Set(touches), event)
        }
    }

    /// Asks the scroll views whose pan receives the touch (`touchesShouldBegin(_:with:in:)`) whether the
    /// content view may have it; a refused touch never reaches the view.
    private func scrollViewsLetBegin(_ touch: UITouch, event: UIEvent?) -> Bool {
        guard let view = touch.view else { return false }
        for recognizer in touch.receivingRecognizers {
            guard let scrollView = recognizer.view as? UIScrollView, recognizer === scrollView.panGestureRecognizer,
                  scrollView !== view else { continue }
            if !scrollView.touchesShouldBegin([touch], with: event, in: view) {
                touch.isCancelledForView = true
                return false
            }
        }
        return true
    }

    private func isDelayingBegan(_ touch: UITouch) -> Bool {
        touch.receivingRecognizers.contains { $0.delaysTouchesBegan && $0.storedState == .possible && $0.isEnabled }
    }

    private func isDelayingEnded(_ touch: UITouch) -> Bool {
        touch.receivingRecognizers.contains { $0.delaysTouchesEnded && $0.storedState == .possible && $0.isEnabled }
    }

    /// A recognizer recognized: the view's touches of the gesture are cancelled just before the actions.
    private func cancelViewTouches(of recognizer: UIGestureRecognizer) {
        let touches = recognizer.trackedTouches.filter { !recognizer.ignoredTouches.contains(ObjectIdentifier($0)) && !$0.isCancelledForView }
        var toCancel: [UITouch] = []
        for touch in touches {
            touch.isCancelledForView = true
            delayedBegan.removeAll { $0 === touch }
            delayedEnded.removeAll { $0 === touch }
            if touch.viewHasBegun { toCancel.append(touch) }
        }
        send(toCancel, event: lastEvent) { $0.touchesCancelled($1, with: $2) }
    }

    private func recognizerDidFail(_ recognizer: UIGestureRecognizer) {
        waiting.removeAll { $0.recognizer === recognizer }
        releaseWaiters(requiring: recognizer, didRecognize: false)
        releaseDelayedTouches()
    }

    /// Gives the views the touches no recognizer holds back any more: began first, then ended.
    private func releaseDelayedTouches() {
        var began = delayedBegan.filter { !isDelayingBegan($0) && !$0.isCancelledForView }
        delayedBegan.removeAll { touch in began.contains { $0 === touch } }
        began = began.filter { scrollViewsLetBegin($0, event: lastEvent) }
        for touch in began { touch.viewHasBegun = true }
        send(began, event: lastEvent) { $0.touchesBegan($1, with: $2) }
        let ended = delayedEnded.filter { $0.viewHasBegun && !isDelayingEnded($0) && !$0.isCancelledForView }
        delayedEnded.removeAll { touch in ended.contains { $0 === touch } }
        send(ended, event: lastEvent) { $0.touchesEnded($1, with: $2) }
    }

    // MARK: - Private: end of sequence

    /// Recognizers whose touches are all over: one still possible fails (releasing what it delayed), and
    /// every recognizer in a final state is reset for the next sequence.
    private func finishSequences(of touches: [UITouch], event: UIEvent) {
        var recognizers: [UIGestureRecognizer] = []
        for touch in touches where touch.phase == .ended || touch.phase == .cancelled {
            for recognizer in touch.receivingRecognizers where !recognizers.contains(where: { $0 === recognizer }) {
                recognizers.append(recognizer)
            }
        }
        let finished = recognizers.filter { recognizer in
            recognizer.trackedTouches.allSatisfy { $0.phase == .ended || $0.phase == .cancelled }
        }
        for recognizer in finished where recognizer.storedState == .possible && !waiting.contains(where: { $0.recognizer === recognizer }) {
            if recognizer.waitsBetweenTouchSequences {
                recognizer.trackedTouches.removeAll()
                releaseDelayedTouches()
            } else {
                recognizer.state = .failed
            }
        }
        for recognizer in finished where !waiting.contains(where: { $0.recognizer === recognizer }) && !recognizer.waitsBetweenTouchSequences {
            resetIfFinal(recognizer)
        }
    }

    private func resetIfFinal(_ recognizer: UIGestureRecognizer) {
        switch recognizer.storedState {
        case .ended, .cancelled, .failed, .possible:
            recognizer.storedState = .possible
            recognizer.trackedTouches.removeAll()
            recognizer.ignoredTouches.removeAll()
            recognizer.reset()
        default:
            break
        }
    }

    private func forget(_ recognizer: UIGestureRecognizer) {
        waiting.removeAll { $0.recognizer === recognizer }
        for touch in recognizer.trackedTouches {
            touch.receivingRecognizers.removeAll { $0 === recognizer }
        }
        resetIfFinal(recognizer)
        releaseDelayedTouches()
    }
}
