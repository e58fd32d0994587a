import Foundation

/// A stack of controllers of which only the top one's view is in the hierarchy once a transition ends.
///
/// Push of B over A: B `willMove(toParent:)` (from `addChild`), B loads (if needed), A `viewWillDisappear`, B
/// `viewWillAppear`, B layout, A `viewDidDisappear`, B `viewDidAppear`, B `didMove(toParent:)`.
/// Pop of B: B `willMove(toParent: nil)`, B `viewWillDisappear`, A `viewWillAppear`, B `viewDidDisappear`,
/// A `viewDidAppear`, B `didMove(toParent: nil)`; B is then released. Animated transitions run their
/// `did…` callbacks on a later main run-loop turn; from the call until then, ``UIViewController/transitionCoordinator``
/// of the navigation controller and of both controllers is non-nil. The root passed to ``init(rootViewController:)`` gets
/// `willMove(toParent:)` at once and `didMove(toParent:)` after its first `viewDidAppear`.
@MainActor
open class UINavigationController: UIViewController {
    // MARK: - Creating navigation controllers

    /// Creates a navigation controller with a root controller.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        addChild(rootViewController)
        stack = [rootViewController]
        pendingDidMove = rootViewController
    }

    /// Creates an empty navigation controller.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Creates a navigation controller from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: - The stack

    /// The stack, root first.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { stack.last }

    /// The controller whose view is visible: the top one, or what it presents.
    open var visibleViewController: UIViewController? {
        topViewController?.presentedViewController ?? topViewController
    }

    /// Receives the transitions.
    open weak var delegate: (any UINavigationControllerDelegate)?

    /// The navigation bar.
    open var navigationBar: UINavigationBar {
        loadViewIfNeeded()
        return bar
    }

    /// Whether the navigation bar is hidden.
    open var isNavigationBarHidden: Bool {
        get { bar.isHidden }
        set { bar.isHidden = newValue }
    }

    /// Hides or shows the navigation bar.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }

    /// Pushes a controller onto the stack and shows it.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !stack.contains(viewController) else {
            HeadlessDiagnostics.report("Pushing the same view controller instance (\(viewController)) more than once is not supported; ignored (UIKit raises).")
            return
        }
        let previous = topViewController
        addChild(viewController)
        if isViewLoaded { viewController.loadViewIfNeeded() }
        stack.append(viewController)
        show(viewController, replacing: previous, animated: animated) {
            viewController.didMove(toParent: self)
        }
    }

    /// Pops the top controller and returns it, or `nil` at the root.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1, let top = topViewController else { return nil }
        return pop(to: stack[stack.count - 2], animated: animated)?.last ?? top
    }

    /// Pops every controller above the root and returns them.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = stack.first else { return nil }
        return pop(to: root, animated: animated)
    }

    /// Pops every controller above `viewController` and returns them.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        pop(to: viewController, animated: animated)
    }

    /// Replaces the stack. The controllers that leave are removed from the navigation controller; if the top
    /// changes, the old top disappears and the new one appears.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        let previous = topViewController
        let leaving = stack.filter { old in !viewControllers.contains { $0 === old } }
        for controller in leaving where controller !== previous {
            controller.willMove(toParent: nil)
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        let arriving = viewControllers.filter { new in !stack.contains { $0 === new } }
        for controller in arriving {
            addChild(controller)
        }
        stack = viewControllers
        guard let top = topViewController, top !== previous else { return }
        let previousLeaves = previous.map { old in leaving.contains { $0 === old } } ?? false
        if previousLeaves { previous?.willMove(toParent: nil) }
        show(top, replacing: previous, animated: animated) {
            if previousLeaves { previous?.removeFromParent() }
            for controller in arriving { controller.didMove(toParent: self) }
        }
    }

    // MARK: - Internal

    override func containerViewDidLoad() {
        bar.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 44)
        bar.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        view.addSubview(bar)
        if let top = topViewController {
            install(top)
        }
    }

    override func appearanceTransitionDidEnd() {
        guard let pending = pendingDidMove, pending === topViewController, pending.appearanceState == .appeared else { return }
        pendingDidMove = nil
        pending.didMove(toParent: self)
    }

    /// Starts an interactive pop: the top controller begins disappearing and the one below begins
    /// appearing, with its view under the top one. The returned closure finishes (`true`) or cancels it.
    func beginInteractivePop() -> ((Bool) -> Void)? {
        guard stack.count > 1, let top = topViewController, isShown else { return nil }
        let below = stack[stack.count - 2]
        below.loadViewIfNeeded()
        let coordinator = TransitionCoordinator(from: top, to: below, container: view, interactive: true)
        coordinator.attach(to: [self, top, below])
        top.beginAppearanceTransition(false, animated: true)
        below.beginAppearanceTransition(true, animated: true)
        install(below, below: top.viewIfLoaded)
        // The model layer holds the end state while the finger drives the animation (UIKIT-SEMANTICS 37):
        // the top view already sits off the trailing edge, the one below in place.
        let topView = top.viewIfLoaded
        let startFrame = topView?.frame
        topView?.frame.origin.x = view.bounds.maxX
        var isReleased = false
        return { [self] completes in
            guard !isReleased else { return }
            isReleased = true
            // The rest of the animation after release takes no time here.
            coordinator.releaseInteraction(cancelled: !completes)
            if completes {
                stack.removeLast()
                top.willMove(toParent: nil)
                topView?.removeFromSuperview()
                coordinator.end()
                top.endAppearanceTransition()
                below.endAppearanceTransition()
                top.removeFromParent()
            } else {
                if let startFrame { topView?.frame = startFrame }
                top.beginAppearanceTransition(true, animated: true)
                below.beginAppearanceTransition(false, animated: true)
                below.viewIfLoaded?.removeFromSuperview()
                coordinator.end()
                below.endAppearanceTransition()
                top.endAppearanceTransition()
            }
        }
    }

    // MARK: - Private

    private var stack: [UIViewController] = []
    private var pendingDidMove: UIViewController?
    private lazy var bar = UINavigationBar(frame: .zero)

    private func pop(to destination: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = stack.firstIndex(where: { $0 === destination }), index < stack.count - 1,
              let top = topViewController else { return nil }
        let popped = Array(stack[(index + 1)...])
        stack.removeSubrange((index + 1)...)
        for controller in popped {
            controller.willMove(toParent: nil)
        }
        for controller in popped where controller !== top {
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        show(destination, replacing: top, animated: animated) {
            top.removeFromParent()
        }
        return popped
    }

    /// Shows `incoming` in place of `outgoing` with appearance callbacks when the navigation controller is
    /// shown, then runs `completion` (after the animation, when animated).
    private func show(_ incoming: UIViewController, replacing outgoing: UIViewController?, animated: Bool,
                      completion: @escaping @MainActor () -> Void) {
        delegate?.navigationController(self, willShow: incoming, animated: animated)
        guard isViewLoaded, appearanceState == .appeared else {
            if isViewLoaded {
                outgoing?.viewIfLoaded?.removeFromSuperview()
                install(incoming)
            }
            completion()
            delegate?.navigationController(self, didShow: incoming, animated: false)
            return
        }
        incoming.loadViewIfNeeded()
        let coordinator = animated ? TransitionCoordinator(from: outgoing, to: incoming, container: view) : nil
        coordinator?.attach(to: [self, outgoing, incoming])
        outgoing?.beginAppearanceTransition(false, animated: animated)
        incoming.beginAppearanceTransition(true, animated: animated)
        install(incoming)
        incoming.view.layoutIfNeeded()
        TransitionAnimator.shared.run(animated: animated) { [self] in
            outgoing?.viewIfLoaded?.removeFromSuperview()
            coordinator?.end()
            outgoing?.endAppearanceTransition()
            incoming.endAppearanceTransition()
            completion()
            delegate?.navigationController(self, didShow: incoming, animated: animated)
        }
    }

    /// Puts a child's view in the content area, full size, under the bar (or under `sibling`).
    private func install(_ child: UIViewController, below sibling: UIView? = nil) {
        let childView: UIView = child.view
        childView.frame = view.bounds
        childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.insertSubview(childView, belowSubview: sibling ?? bar)
    }
}
