#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Shows `root` in a new, visible key window, as an app's scene delegate does; keep the window while it
/// should show.
@MainActor
public func showInWindow(_ root: UIViewController) -> UIWindow {
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = root
    window.makeKeyAndVisible()
    return window
}
