#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension UIViewController {
    // MARK: - Public

    /// Contains `childController` and shows its view filling this controller's view, with UIKit's three
    /// containment calls in order: `addChild(_:)`, `view.addSubview(_:)`, `didMove(toParent:)`.
    ///
    /// Meant for flow controllers that swap whole screens:
    ///
    /// ```swift
    /// func showMain() {
    ///     let main = MainFlowController()
    ///     add(childController: main)
    ///     if let current { remove(childController: current) }
    ///     current = main
    /// }
    /// ```
    ///
    /// The child's view gets this controller's bounds and flexible width and height, and goes on top of the
    /// existing subviews. A child with another parent moves here.
    ///
    /// - Important: This controller's view must be loaded (call it from `viewDidLoad()` or later). Debug
    ///   builds stop at an assertion; release builds load the view and carry on. Adding the controller to
    ///   itself, or a child it already contains, is reported and ignored.
    /// - Parameter childController: The controller to contain.
    public func add(childController: UIViewController) {
        guard childController !== self else {
            BehavioursDiagnostics.report("add(childController:) with the controller itself (\(type(of: self))); ignored.")
            return
        }
        guard childController.parent !== self else {
            BehavioursDiagnostics.report("add(childController:): \(type(of: childController)) is already a child of \(type(of: self)); ignored.")
            return
        }
        if !isViewLoaded {
            BehavioursDiagnostics.assertionFailure("add(childController:) before the view of \(type(of: self)) loaded; call it from viewDidLoad() or later. Loading the view now.")
            loadViewIfNeeded()
        }
        addChild(childController)
        installView(of: childController)
    }

    /// Removes `childController` and its view with UIKit's three containment calls in order:
    /// `willMove(toParent: nil)`, `view.removeFromSuperview()`, `removeFromParent()`.
    ///
    /// Never loads the child's view. A controller that is not a child of this one is reported and ignored.
    /// - Parameter childController: A child of this controller.
    public func remove(childController: UIViewController) {
        guard childController.parent === self else {
            BehavioursDiagnostics.report("remove(childController:): \(type(of: childController)) is not a child of \(type(of: self)); ignored.")
            return
        }
        childController.willMove(toParent: nil)
        childController.viewIfLoaded?.removeFromSuperview()
        childController.removeFromParent()
    }

    // MARK: - Internal

    /// The second and third containment steps for a child already added with `addChild(_:)`: its view,
    /// sized to this controller's bounds and following them, on top of the subviews; then `didMove`.
    func installView(of childController: UIViewController) {
        let childView: UIView = childController.view
        childView.frame = view.bounds
        childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(childView)
        childController.didMove(toParent: self)
    }
}
