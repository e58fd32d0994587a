#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension UIView {
    // MARK: - Public

    /// The view controller to present from on behalf of this view: the nearest view controller up the
    /// responder chain (or, for a view no controller owns, its window's root view controller), then the
    /// top-most controller presented over it that is not being dismissed.
    ///
    /// Presenting from the top-most presented controller is what works: UIKit refuses to present from a
    /// controller that is already presenting.
    ///
    /// ```swift
    /// @objc func shareTapped() {
    ///     viewControllerForPresentation()?.present(shareSheet, animated: true)
    /// }
    /// ```
    ///
    /// - Returns: The controller to present from, or `nil` when the view belongs to no controller and is in no
    ///   window with a root view controller.
    public func viewControllerForPresentation() -> UIViewController? {
        guard var presenter = next(of: UIViewController.self) ?? window?.rootViewController else {
            return nil
        }
        while let presented = presenter.presentedViewController, presented !== presenter, !presented.isBeingDismissed {
            presenter = presented
        }
        return presenter
    }
}
