import Foundation

/// What a transition coordinator tells about the view-controller transition in flight: UIKit's protocol,
/// with its Swift names.
///
/// Don't adopt it: HeadlessUIKit, like UIKit, hands an object that does to the blocks given to
/// ``UIViewControllerTransitionCoordinator``.
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// The modal presentation style of a presentation or dismissal; `.none` for other transitions
    /// (push, pop).
    var presentationStyle: UIModalPresentationStyle { get }
    /// Whether the transition started as an interactive one; never changes during the transition.
    var initiallyInteractive: Bool { get }
    /// Whether the transition can be interrupted.
    var isInterruptible: Bool { get }
    /// Whether a person's gesture drives the transition right now.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled (the person let go early); final once the interaction ends.
    var isCancelled: Bool { get }
    /// How long the transition's animation lasts, in seconds.
    var transitionDuration: TimeInterval { get }
    /// How far the transition has come, from 0 to 1.
    var percentComplete: CGFloat { get }
    /// The speed of the animation that completes an interactive transition after it is released.
    var completionVelocity: CGFloat { get }
    /// The curve of the animation that completes an interactive transition after it is released.
    var completionCurve: UIView.AnimationCurve { get }
    /// Returns a controller of the transition.
    /// - Parameter key: ``UITransitionContextViewControllerKey/from`` or ``UITransitionContextViewControllerKey/to``.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// Returns a view of the transition, or `nil` when the transition does not move that view (the presenting
    /// controller's view under a sheet).
    /// - Parameter key: ``UITransitionContextViewKey/from`` or ``UITransitionContextViewKey/to``.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The view in which the transition takes place.
    var containerView: UIView { get }
    /// The transform of a rotation that goes with the transition; identity otherwise.
    var targetTransform: CGAffineTransform { get }
}
