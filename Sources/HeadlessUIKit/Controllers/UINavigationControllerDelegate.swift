import Foundation

/// Receives a navigation controller's transitions.
@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
    /// Called before the navigation controller shows a controller's view.
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// Called after the navigation controller showed a controller's view.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    /// Does nothing (the method is optional in UIKit).
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    /// Does nothing (the method is optional in UIKit).
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
}
