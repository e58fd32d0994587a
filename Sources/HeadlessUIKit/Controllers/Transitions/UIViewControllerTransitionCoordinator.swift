/// Runs work with a view-controller transition in flight and when it ends: UIKit's protocol, with its Swift
/// names. Read it from ``UIViewController/transitionCoordinator``.
///
/// ```swift
/// override func viewWillAppear(_ animated: Bool) {
///     super.viewWillAppear(animated)
///     transitionCoordinator?.animate(alongsideTransition: nil) { context in
///         if context.isCancelled { /* the person swiped back and let go early */ }
///     }
/// }
/// ```
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` with the transition's animations and `completion` when the transition ends, cancelled
    /// or not.
    /// - Parameters:
    ///   - animation: Animations to run alongside the transition's; may be `nil`.
    ///   - completion: Runs once the transition ends; may be `nil`.
    /// - Returns: Whether the blocks were accepted (`false` once the transition has ended).
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool

    /// Like ``animate(alongsideTransition:completion:)``, for animations of a view outside the transition's
    /// container view.
    /// - Parameters:
    ///   - view: The view (or an ancestor of the views) that `animation` changes.
    ///   - animation: Animations to run alongside the transition's; may be `nil`.
    ///   - completion: Runs once the transition ends; may be `nil`.
    /// - Returns: Whether the blocks were accepted.
    @discardableResult
    func animateAlongsideTransition(
        in view: UIView?,
        animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool

    /// Registers `handler` to run whenever the transition changes between interactive and non-interactive:
    /// for an edge swipe, when the person lets go (``UIViewControllerTransitionCoordinatorContext/isCancelled``
    /// then tells whether the swipe was abandoned).
    /// - Parameter handler: Runs with the coordinator's context at each change.
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
    /// ``animate(alongsideTransition:completion:)`` with no completion, as UIKit's imported default allows.
    @discardableResult
    public func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }

    /// ``animateAlongsideTransition(in:animation:completion:)`` with no completion, as UIKit's imported
    /// default allows.
    @discardableResult
    public func animateAlongsideTransition(
        in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animateAlongsideTransition(in: view, animation: animation, completion: nil)
    }
}
