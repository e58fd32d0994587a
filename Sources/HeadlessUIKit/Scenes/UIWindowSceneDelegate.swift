import Foundation

/// The protocol of a window scene's delegate: a ``UISceneDelegate`` that also keeps the scene's main window.
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The scene's main window.
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    /// No window.
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}
