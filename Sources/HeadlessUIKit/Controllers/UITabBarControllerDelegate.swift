import Foundation

/// Receives a tab bar controller's user-driven selections.
@MainActor
public protocol UITabBarControllerDelegate: NSObjectProtocol {
    /// Asked before a user tap selects a tab; return `false` to refuse.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// Called after a user tap selected a tab (not for programmatic selection).
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    /// Allows the selection (the method is optional in UIKit).
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    /// Does nothing (the method is optional in UIKit).
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}
