import Foundation

/// One instance of the app's user interface. HeadlessUIKit connects one ``UIWindowScene``
/// (``Headless/windowScene``); apps never create scenes themselves, as in UIKit.
@MainActor
open class UIScene: UIResponder {
    /// The scene's place in the app's life cycle.
    open internal(set) var activationState: ActivationState = .foregroundActive
    /// The scene's title.
    open var title: String!

    init(activationState: ActivationState) {
        self.activationState = activationState
        super.init()
    }

    /// The application.
    open override var next: UIResponder? { UIApplication.shared }
}

extension UIScene {
    /// A scene's place in the app's life cycle.
    public enum ActivationState: Int, Sendable {
        /// Not connected.
        case unattached = -1
        /// On screen and receiving events.
        case foregroundActive = 0
        /// On screen, not receiving events.
        case foregroundInactive = 1
        /// Off screen.
        case background = 2
    }
}

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
