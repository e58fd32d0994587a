import Foundation

/// A scene that shows windows on a screen.
@MainActor
open class UIWindowScene: UIScene {
    /// The screen the scene is on.
    open var screen: UIScreen { .main }

    /// The scene's windows, back to front: ordered by window level, then by when they were shown.
    open var windows: [UIWindow] {
        attachedWindows.removeAll { $0.window == nil }
        return attachedWindows.compactMap(\.window).sorted { lhs, rhs in
            lhs.windowLevel != rhs.windowLevel ? lhs.windowLevel < rhs.windowLevel : lhs.shownOrder < rhs.shownOrder
        }
    }

    /// The scene's key window.
    open var keyWindow: UIWindow? {
        windows.first { $0.isKeyWindow }
    }

    private var attachedWindows: [WeakWindow] = []

    func attach(_ window: UIWindow) {
        attachedWindows.append(WeakWindow(window: window))
    }

    func detach(_ window: UIWindow) {
        attachedWindows.removeAll { $0.window === window || $0.window == nil }
    }

    private struct WeakWindow {
        weak var window: UIWindow?
    }
}
