import Foundation

/// The coordinator of one animated or interactive view-controller transition (push, pop, present,
/// dismiss, the edge-swipe pop), as UIKit creates it: attached to the controllers involved from the call
/// until the animation's completion, then detached.
///
/// Animation blocks run at once, when registered: UIKit's animations set the model values immediately and
/// let the render server interpolate (UIKIT-SEMANTICS 37), and HeadlessUIKit has no render server.
/// Completions run when the transition ends, cancelled or not, with the coordinator still attached; the
/// `did…` appearance callbacks come after, with it detached.
@MainActor
final class TransitionCoordinator: NSObject, UIViewControllerTransitionCoordinator {
    // MARK: - UIViewControllerTransitionCoordinatorContext

    let isAnimated = true
    let presentationStyle: UIModalPresentationStyle
    let initiallyInteractive: Bool
    var isInterruptible: Bool { false }
    private(set) var isInteractive: Bool
    private(set) var isCancelled = false
    let transitionDuration: TimeInterval
    private(set) var percentComplete: CGFloat = 0
    var completionVelocity: CGFloat { 1 }
    var completionCurve: UIView.AnimationCurve { .easeInOut }
    let containerView: UIView
    var targetTransform: CGAffineTransform { .identity }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: from
        case .to: to
        default: nil
        }
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: movesFromView ? from?.viewIfLoaded : nil
        case .to: movesToView ? to?.viewIfLoaded : nil
        default: nil
        }
    }

    // MARK: - UIViewControllerTransitionCoordinator

    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        guard !hasEnded else { return false }
        animation?(self)
        if let completion { completions.append(completion) }
        return true
    }

    func animateAlongsideTransition(
        in view: UIView?,
        animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
        guard !hasEnded else { return }
        interactionHandlers.append(handler)
    }

    // MARK: - Internal

    /// - Parameters:
    ///   - from: The controller visible at the start.
    ///   - to: The controller visible at the end of a completed transition.
    ///   - container: Where the transition takes place.
    ///   - presentationStyle: The resolved style of a presentation or dismissal; `.none` otherwise.
    ///   - movesFromView, movesToView: Whether the transition moves those views (not the presenting view
    ///     that stays under a sheet).
    ///   - interactive: Whether a gesture drives it from the start.
    init(
        from: UIViewController?, to: UIViewController?, container: UIView,
        presentationStyle: UIModalPresentationStyle = .none, movesFromView: Bool = true, movesToView: Bool = true,
        interactive: Bool = false
    ) {
        self.from = from
        self.to = to
        containerView = container
        self.presentationStyle = presentationStyle
        self.movesFromView = movesFromView
        self.movesToView = movesToView
        initiallyInteractive = interactive
        isInteractive = interactive
        transitionDuration = TransitionAnimator.shared.duration
        super.init()
    }

    /// Makes the coordinator the one that `controllers` report, until ``end()``.
    func attach(to controllers: [UIViewController?]) {
        for case let controller? in controllers where !attached.contains(where: { $0 === controller }) {
            controller.ownTransitionCoordinator = self
            attached.append(controller)
        }
        TransitionAnimator.shared.began(self)
    }

    /// The person lets go of an interactive transition: it becomes non-interactive, cancelled or not, and
    /// the interaction handlers hear it.
    func releaseInteraction(cancelled: Bool) {
        guard isInteractive else { return }
        isInteractive = false
        isCancelled = cancelled
        for handler in interactionHandlers { handler(self) }
        interactionHandlers.removeAll()
    }

    /// The transition ends: the completions run (the coordinator still attached), then it detaches.
    func end() {
        guard !hasEnded else { return }
        percentComplete = isCancelled ? 0 : 1
        let pending = completions
        completions.removeAll()
        for completion in pending { completion(self) }
        detach()
    }

    /// Detaches without running anything (the headless app was reset).
    func detach() {
        hasEnded = true
        for controller in attached where controller.ownTransitionCoordinator === self {
            controller.ownTransitionCoordinator = nil
        }
        attached.removeAll()
        interactionHandlers.removeAll()
        completions.removeAll()
        TransitionAnimator.shared.ended(self)
    }

    // MARK: - Private

    private weak var from: UIViewController?
    private weak var to: UIViewController?
    private let movesFromView: Bool
    private let movesToView: Bool
    private var attached: [UIViewController] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var hasEnded = false
}
