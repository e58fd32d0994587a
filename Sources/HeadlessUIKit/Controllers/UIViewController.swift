import Foundation

/// Manages a view hierarchy: UIKit's view loading, appearance, containment, presentation and layout
/// callbacks, with UIKit's order and rules (see `UIKIT-SEMANTICS.md`).
///
/// Appearance is a begin/end counter per controller: a second begin in the same direction only counts, a
/// begin in the other direction restarts, and `did…` fires when the counter returns to zero. A parent that
/// forwards appearance automatically passes its transitions to the children whose views are inside its
/// view. A child whose view joins or leaves a window under a shown parent gets its calls then.
@MainActor
open class UIViewController: UIResponder {
    // MARK: - Creating view controllers

    /// Creates a controller. HeadlessUIKit loads no nibs; both arguments are ignored.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Creates a controller from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Creates a controller with no nib.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    // MARK: - The view

    /// The root view, loaded on first access by ``loadView()`` then ``viewDidLoad()``, once.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return storedView
        }
        set { setView(newValue) }
    }

    /// The root view if it is loaded; never loads it.
    open var viewIfLoaded: UIView? { storedView }

    /// Whether the root view is loaded; never loads it.
    open var isViewLoaded: Bool { storedView != nil }

    /// Creates the root view: a plain view the size of the screen. Overrides assign ``view`` themselves.
    open func loadView() {
        let view = UIView(frame: UIScreen.main.bounds)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        self.view = view
    }

    /// Loads the root view if it is not loaded yet.
    open func loadViewIfNeeded() {
        guard storedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        if storedView == nil {
            HeadlessDiagnostics.report("\(type(of: self)).loadView() did not set view; a plain view was installed.")
            setView(UIView(frame: UIScreen.main.bounds))
        }
        isLoadingView = false
        viewDidLoad()
        containerViewDidLoad()
    }

    /// Called once, after the root view loaded.
    open func viewDidLoad() {}

    /// A title for containers to show.
    open var title: String?

    // MARK: - Appearance

    /// Called before the view joins the window hierarchy.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view joined the window hierarchy and was laid out.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view leaves the window hierarchy.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view left the window hierarchy.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Whether appearance transitions pass automatically to the children whose views are inside this
    /// controller's view. Containers that return `false` call ``beginAppearanceTransition(_:animated:)``
    /// and ``endAppearanceTransition()`` on their children themselves.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Starts an appearance transition: `viewWillAppear` / `viewWillDisappear` unless one in the same
    /// direction is already under way (then it only counts) or the controller is already there.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .appearing), (false, .disappearing):
            appearanceTransitionDepth += 1
            return
        case (true, .appeared), (false, .disappeared):
            return
        default:
            break
        }
        appearanceTransitionDepth = 1
        appearanceAnimated = animated
        appearanceState = isAppearing ? .appearing : .disappearing
        inAppearanceCallback { isAppearing ? viewWillAppear(animated) : viewWillDisappear(animated) }
        guard shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in childrenInViewHierarchy {
            child.appearanceForwardedByParent = true
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Ends an appearance transition: when the counter returns to zero, `viewDidAppear` /
    /// `viewDidDisappear`.
    open func endAppearanceTransition() {
        guard appearanceTransitionDepth > 0 else { return }
        appearanceTransitionDepth -= 1
        guard appearanceTransitionDepth == 0 else { return }
        let animated = appearanceAnimated
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            inAppearanceCallback { viewDidAppear(animated) }
            movingToParent = false
        case .disappearing:
            appearanceState = .disappeared
            inAppearanceCallback { viewDidDisappear(animated) }
            movingFromParent = false
        case .appeared, .disappeared:
            return
        }
        for child in children where child.appearanceForwardedByParent {
            child.appearanceForwardedByParent = false
            child.endAppearanceTransition()
        }
        appearanceTransitionDidEnd()
    }

    /// True inside the appearance callbacks of a transition that adds the controller to a parent.
    open var isMovingToParent: Bool { movingToParent && appearanceCallbackDepth > 0 }
    /// True inside the appearance callbacks of a transition that removes the controller from its parent.
    open var isMovingFromParent: Bool { movingFromParent && appearanceCallbackDepth > 0 }
    /// True inside the appearance callbacks of the controller's presentation.
    open var isBeingPresented: Bool { beingPresented && appearanceCallbackDepth > 0 }
    /// True inside the appearance callbacks of the controller's dismissal.
    open var isBeingDismissed: Bool { beingDismissed && appearanceCallbackDepth > 0 }

    // MARK: - Layout

    /// Called just before the root view's `layoutSubviews()`.
    open func viewWillLayoutSubviews() {}
    /// Called just after the root view's `layoutSubviews()`.
    open func viewDidLayoutSubviews() {}

    // MARK: - Containment

    /// The child controllers, in the order they were added.
    open var children: [UIViewController] { storedChildren }
    /// The parent controller.
    open var parent: UIViewController? { storedParent }

    /// Adds a child: calls its ``willMove(toParent:)`` (removing it from another parent first); the caller
    /// adds the child's view and then calls ``didMove(toParent:)``.
    open func addChild(_ childController: UIViewController) {
        guard childController !== self, childController.storedParent !== self else { return }
        if childController.storedParent != nil {
            childController.removeFromParent()
        }
        childController.willMove(toParent: self)
        storedChildren.append(childController)
        childController.storedParent = self
        childController.movingToParent = true
    }

    /// Removes the controller from its parent and calls ``didMove(toParent:)`` with `nil`; the caller
    /// calls ``willMove(toParent:)`` with `nil` and removes the view first.
    open func removeFromParent() {
        guard let parent = storedParent else { return }
        parent.storedChildren.removeAll { $0 === self }
        storedParent = nil
        didMove(toParent: nil)
        movingToParent = false
        movingFromParent = false
    }

    /// Called before the controller is added to or removed from a parent. Call `super`.
    open func willMove(toParent parent: UIViewController?) {
        if parent == nil, storedParent != nil {
            movingFromParent = true
        }
    }

    /// Called after the controller was added to or removed from a parent.
    open func didMove(toParent parent: UIViewController?) {}

    /// The nearest ancestor navigation controller.
    open var navigationController: UINavigationController? { nearestAncestor(of: UINavigationController.self) }
    /// The nearest ancestor tab bar controller.
    open var tabBarController: UITabBarController? { nearestAncestor(of: UITabBarController.self) }

    // MARK: - Presentation

    /// How the controller is presented; `.automatic` resolves to `.pageSheet`.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// Whether `.currentContext` presentations from this controller or its descendants cover only it.
    open var definesPresentationContext = false

    /// Presents a controller modally from the root of this controller's hierarchy (or from the nearest
    /// controller that defines the presentation context, for the context styles).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        ModalPresentation.present(viewControllerToPresent, from: self, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one (or an ancestor) presented, or else this one if it was presented.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        ModalPresentation.dismiss(from: self, animated: flag, completion: completion)
    }

    /// The controller presented by this controller or its nearest presenting ancestor.
    open var presentedViewController: UIViewController? {
        firstInAncestry { $0.storedPresented }
    }

    /// The controller that presented this controller or its nearest presented ancestor.
    open var presentingViewController: UIViewController? {
        firstInAncestry { $0.storedPresenting }
    }

    // MARK: - Transitions

    /// The coordinator of the animated or interactive transition in flight (push, pop, present, dismiss, edge
    /// swipe) that involves this controller, else its nearest ancestor's; `nil` when none is in flight and
    /// for non-animated transitions. Set from the call that starts the transition until its animation
    /// completes. Containers may override it and call `super` first.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        var controller: UIViewController? = self
        while let current = controller {
            if let coordinator = current.ownTransitionCoordinator { return coordinator }
            controller = current.storedParent
        }
        return nil
    }

    // MARK: - Responder chain

    /// The presenting controller when presented, otherwise the view's superview (the window for a window's
    /// root), otherwise the parent.
    open override var next: UIResponder? {
        storedPresenting ?? storedView?.superview ?? storedParent
    }

    // MARK: - Internal

    enum AppearanceState {
        case disappeared, appearing, appeared, disappearing
    }

    private(set) var appearanceState = AppearanceState.disappeared
    var appearanceForwardedByParent = false
    var beingPresented = false
    var beingDismissed = false
    var storedPresented: UIViewController?
    weak var storedPresenting: UIViewController?
    /// Where a covering presentation took the presenter's view from, to put it back on dismissal.
    var coveredViewPlacement: CoveredViewPlacement?
    /// The style a presentation used, resolved.
    var presentationStyle = UIModalPresentationStyle.fullScreen
    /// The coordinator of a transition in flight that involves this controller itself.
    var ownTransitionCoordinator: TransitionCoordinator?

    /// Hook for containers: the root view just loaded.
    func containerViewDidLoad() {}
    /// Hook for containers: an appearance transition just ended.
    func appearanceTransitionDidEnd() {}

    var isShown: Bool { appearanceState == .appearing || appearanceState == .appeared }

    /// Called by `UIView` before a subtree joins or leaves a window: controllers in it whose parent
    /// forwards appearance and is shown begin a transition now and end it in `finish()`.
    static func viewHierarchyWillMove(_ subtree: UIView, from oldWindow: UIWindow?, to newWindow: UIWindow?) -> ViewHierarchyAppearance? {
        guard (oldWindow == nil) != (newWindow == nil) else { return nil }
        let isAppearing = newWindow != nil
        var began: [UIViewController] = []
        subtree.forEachInSubtree { view in
            guard let controller = view.owningViewController, let parent = controller.storedParent,
                  parent.shouldAutomaticallyForwardAppearanceMethods, controller.isShown != isAppearing,
                  !isAppearing || parent.isShown else { return }
            controller.beginAppearanceTransition(isAppearing, animated: false)
            began.append(controller)
        }
        return began.isEmpty ? nil : ViewHierarchyAppearance(controllers: began, isAppearing: isAppearing)
    }

    /// The appearance transitions a view-hierarchy move began.
    @MainActor
    struct ViewHierarchyAppearance {
        let controllers: [UIViewController]
        let isAppearing: Bool

        /// Ends them: at once when leaving or when the parent has appeared; with the parent's own
        /// transition when the parent is still appearing.
        func finish() {
            for controller in controllers {
                if !isAppearing || controller.parent?.appearanceState == .appeared {
                    controller.endAppearanceTransition()
                } else {
                    controller.appearanceForwardedByParent = true
                }
            }
        }
    }

    // MARK: - Private

    private var storedView: UIView?
    private var isLoadingView = false
    private var storedChildren: [UIViewController] = []
    private weak var storedParent: UIViewController?
    private var appearanceTransitionDepth = 0
    private var appearanceAnimated = false
    private var appearanceCallbackDepth = 0
    private var movingToParent = false
    private var movingFromParent = false

    private func setView(_ newView: UIView?) {
        guard newView !== storedView else { return }
        storedView?.owningViewController = nil
        storedView = newView
        newView?.owningViewController = self
    }

    private func inAppearanceCallback(_ body: () -> Void) {
        appearanceCallbackDepth += 1
        body()
        appearanceCallbackDepth -= 1
    }

    private var childrenInViewHierarchy: [UIViewController] {
        guard let view = storedView else { return [] }
        return storedChildren.filter { $0.storedView?.isDescendant(of: view) ?? false }
    }

    private func nearestAncestor<Container: UIViewController>(of type: Container.Type) -> Container? {
        var controller = storedParent
        while let current = controller {
            if let container = current as? Container { return container }
            controller = current.storedParent
        }
        return nil
    }

    private func firstInAncestry(_ value: (UIViewController) -> UIViewController?) -> UIViewController? {
        var controller: UIViewController? = self
        while let current = controller {
            if let found = value(current) { return found }
            controller = current.storedParent
        }
        return nil
    }
}
