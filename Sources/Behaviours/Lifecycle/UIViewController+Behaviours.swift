#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension UIViewController {
    // MARK: - Public

    /// Attaches behaviours that receive this controller's lifecycle, without subclassing or swizzling.
    ///
    /// ```swift
    /// override func viewDidLoad() {
    ///     super.viewDidLoad()
    ///     add(behaviours: [ScreenshotDetector(host: ProfileViewController.self) { profile in profile.showShareSheet() }])
    /// }
    /// ```
    ///
    /// The first call injects one hidden child view controller; later calls reuse it. Its view is hidden, not
    /// user-interactive, hidden from accessibility, sized to this controller's view with flexible width and
    /// height, and added on top of its subviews (never at index 0, where UIKit looks for a scroll view to
    /// adjust). The child's callbacks reach the behaviours in insertion order across all calls, each just
    /// after this controller's own callback of the same moment (``ViewControllerLifecycleBehaviour``).
    ///
    /// Behaviours added late catch up at once, and never receive an `after…` without its `before…`:
    /// - once the view has loaded: `afterLoading`;
    /// - while this controller is appearing (between `viewWillAppear` and `viewDidAppear`):
    ///   `beforeAppearing`, then `afterAppearing` together with this controller;
    /// - while it has appeared: `beforeAppearing` and `afterAppearing`;
    /// - while it is disappearing: nothing until it appears again.
    ///
    /// Adding and removing behaviours from inside a hook is safe: behaviours added during a hook catch up
    /// on their own, behaviours removed during one receive nothing more, and their siblings are not skipped.
    ///
    /// - Important: Called before the view has loaded, this loads it (as reading `view` would), so
    ///   `viewDidLoad()` runs first and `afterLoading` follows at once. Call it from `viewDidLoad()` to keep
    ///   loading where UIKit puts it.
    /// - Important: Layout hooks come from the hidden child's own layout: its first layout and every change
    ///   of this controller's view size. A layout pass of this controller at an unchanged size (after
    ///   `setNeedsLayout()`, say) does not reach behaviours; that needs swizzling, which this package avoids.
    /// - Important: Not on a UIKit container whose `children` are its content: `UINavigationController`,
    ///   `UITabBarController`, `UISplitViewController` and `UIPageViewController` (and their subclasses). The
    ///   injected child would become a tab, or the top of the navigation stack. Such a call is a programming
    ///   error: debug builds stop at an assertion, release builds log it and add nothing, and the returned
    ///   registration is inert. Add the behaviours to the container's content controllers instead, or wrap
    ///   the container in a plain controller (``add(childController:)``) and add them to that.
    /// - Important: A container that returns `false` from `shouldAutomaticallyForwardAppearanceMethods`
    ///   must forward appearance to all of its `children` (as UIKit asks), or its own behaviours miss it.
    /// - Parameter behaviours: The behaviours, in the order they receive each hook. The controller owns them
    ///   until they are removed or it is released.
    /// - Returns: A registration whose ``BehavioursRegistration/remove()`` removes these behaviours.
    @discardableResult
    public func add(behaviours: [any ViewControllerLifecycleBehaviour]) -> BehavioursRegistration {
        guard !behaviours.isEmpty else {
            return BehavioursRegistration(controller: nil, entries: [])
        }
        if self is BehavioursViewController {
            BehavioursDiagnostics.report("add(behaviours:) on the hidden behaviours controller itself; ignored.")
            return BehavioursRegistration(controller: nil, entries: [])
        }
        if childrenAreContent {
            BehavioursDiagnostics.assertionFailure("add(behaviours:) on \(type(of: self)), a UIKit container whose children are its content; ignored. Add the behaviours to its content controllers, or wrap it in a plain controller and add them to that.")
            return BehavioursRegistration(controller: nil, entries: [])
        }
        let controller = BehavioursViewController.existing(in: self) ?? injectBehavioursController()
        // Registering before loading keeps call order when viewDidLoad() adds behaviours too.
        let entries = controller.register(behaviours)
        loadViewIfNeeded()
        controller.deliverAfterLoading()
        controller.installIfNeeded()
        controller.catchUp()
        return BehavioursRegistration(controller: controller, entries: entries)
    }

    // MARK: - Private

    /// Whether UIKit treats this controller's `children` as its model, so that `addChild(_:)` adds a tab, a
    /// navigation stack entry, a column or a page.
    private var childrenAreContent: Bool {
        #if canImport(UIKit)
        if self is UISplitViewController || self is UIPageViewController {
            return true
        }
        #endif
        return self is UINavigationController || self is UITabBarController
    }

    private func injectBehavioursController() -> BehavioursViewController {
        let controller = BehavioursViewController(host: self)
        addChild(controller)
        return controller
    }
}
