/// An interactive pop in progress (``Headless/beginInteractivePop(in:)``): finish it, or cancel it as a
/// user who lets go early does. A cancelled pop gives the top controller `viewWillDisappear`,
/// `viewWillAppear`, `viewDidAppear` and no `viewDidDisappear`, as in UIKit.
///
/// While the finger is down, `transitionCoordinator` (of the navigation controller and both controllers)
/// is interactive, and the top view already sits off the trailing edge, as UIKit's model layer has it.
/// Letting go runs the coordinator's `notifyWhenInteractionChanges` handlers, then ends the transition at
/// once (the rest of the animation takes no time here): completions run, the coordinator goes away. Only
/// the first of `finish()` and `cancel()` counts.
@MainActor
public struct HeadlessInteractivePop {
    private let end: (Bool) -> Void

    init(end: @escaping (Bool) -> Void) {
        self.end = end
    }

    /// Completes the pop.
    public func finish() {
        end(true)
    }

    /// Cancels the pop: the top controller stays.
    public func cancel() {
        end(false)
    }
}
