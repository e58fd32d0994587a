import Foundation

/// A scene that shows windows on a screen.
@MainActor
open class UIWindowScene: UIScene {
    /// The screen the scene is on.
    open var screen: UIScreen { .main }

    /// The scene's windows, back to front: ordered by window level, then by when they were shown.
    ///
    /// HeadlessUIKit keeps the sorted array until a window joins or leaves the scene, is shown or hidden, or
    /// changes level, so that asking again allocates nothing. The scene holds its windows weakly, as UIKit
    /// does; a window the app released while it was in the kept array goes away the next time the scene is
    /// asked for its windows (much as UIKit's autoreleased `windows` array keeps it until the pool drains).
    open var windows: [UIWindow] {
        if cachedWindows != nil, !cacheOutlivesAWindow() { return cachedWindows! }
        cachedWindows = nil
        attachedWindows.removeAll { $0.window == nil }
        let sorted = attachedWindows.compactMap(\.window).sorted { lhs, rhs in
            lhs.windowLevel != rhs.windowLevel ? lhs.windowLevel < rhs.windowLevel : lhs.shownOrder < rhs.shownOrder
        }
        cachedWindows = sorted
        return sorted
    }

    /// The scene's key window.
    open var keyWindow: UIWindow? {
        windows.first { $0.isKeyWindow }
    }

    private var attachedWindows: [WeakWindow] = []
    /// The last `windows` answer, until the order may have changed.
    private var cachedWindows: [UIWindow]?

    func attach(_ window: UIWindow) {
        attachedWindows.append(WeakWindow(window: window))
        invalidateWindows()
    }

    func detach(_ window: UIWindow) {
        attachedWindows.removeAll { $0.window === window || $0.window == nil }
        invalidateWindows()
    }

    /// Forgets the kept `windows` order: a window was shown, hidden, attached, detached or changed level.
    func invalidateWindows() {
        cachedWindows = nil
    }

    /// Whether the kept array is all that still holds one of its windows: the app released that window, so
    /// the array must let it go. Checks in place (no copy while no caller still holds the array).
    private func cacheOutlivesAWindow() -> Bool {
        cachedWindows!.withUnsafeMutableBufferPointer { buffer in
            buffer.indices.contains { isKnownUniquelyReferenced(&buffer[$0]) }
        }
    }

    private struct WeakWindow {
        weak var window: UIWindow?
    }
}
