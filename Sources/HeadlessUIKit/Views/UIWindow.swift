import Foundation

/// The backdrop of an app's user interface: the root of a view hierarchy, which holds a root view
/// controller and is hidden until shown.
///
/// A window joins a ``UIWindowScene`` when created with ``init(windowScene:)``, or, when created with
/// ``init(frame:)``, the first time it is shown (the scene a scene-less app gets from UIKit). Windows are
/// ordered by ``windowLevel`` and then by when they were shown; the scene holds them weakly, so keep a
/// reference, as in UIKit.
@MainActor
open class UIWindow: UIView {
    // MARK: - Creating windows

    /// Creates a window with a frame; it joins a scene when it is first shown.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// Creates a window the size of the scene's screen, attached to the scene.
    public init(windowScene: UIWindowScene) {
        super.init(frame: windowScene.screen.bounds)
        isHidden = true
        self.windowScene = windowScene
        windowScene.attach(self) // property observers do not run in the class's own initializer
    }

    /// Creates a window from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = true
    }

    // MARK: - Scene and level

    /// The scene the window belongs to.
    open weak var windowScene: UIWindowScene? {
        didSet {
            guard oldValue !== windowScene else { return }
            oldValue?.detach(self)
            windowScene?.attach(self)
        }
    }

    /// The window's stacking level; higher levels are in front.
    open var windowLevel: UIWindow.Level = .normal {
        didSet { if oldValue != windowLevel { windowScene?.invalidateWindows() } }
    }

    /// The screen the window is on (HeadlessUIKit has one screen; setting it changes nothing).
    open var screen: UIScreen {
        get { windowScene?.screen ?? .main }
        set {}
    }

    /// When the window was last shown, for ordering windows of the same level.
    var shownOrder = 0

    // MARK: - Visibility

    /// Whether the window is hidden. Showing it attaches it to a scene (if it has none) and makes its root
    /// view controller appear; hiding it makes the controller disappear.
    open override var isHidden: Bool {
        didSet {
            guard oldValue != isHidden else { return }
            // Hiding does not change the order, but dropping the kept array here lets a window the app hides
            // and releases go away at once, instead of at the scene's next `windows` call.
            windowScene?.invalidateWindows()
            if isHidden {
                if isKeyWindow { UIWindow.keyWindowStorage = nil }
                forEachTopLevelController { $0.beginAppearanceTransition(false, animated: false) }
                forEachTopLevelController { $0.endAppearanceTransition() }
            } else {
                if windowScene == nil { windowScene = Headless.windowScene }
                UIWindow.showCount += 1
                shownOrder = UIWindow.showCount
                forEachTopLevelController { $0.beginAppearanceTransition(true, animated: false) }
                layoutIfNeeded()
                forEachTopLevelController { $0.endAppearanceTransition() }
            }
        }
    }

    /// Whether this is the app's key window.
    open var isKeyWindow: Bool { UIWindow.keyWindowStorage === self }

    /// Makes the window the key window.
    open func makeKey() {
        UIWindow.keyWindowStorage = self
    }

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    // MARK: - Events

    /// Dispatches an event to the window's views: each touch goes first to the gesture recognizers that
    /// receive it (those of its hit-test view, the view's ancestors and the window), then to its view,
    /// unless a recognizer delays or cancels it there. ``UIApplication/sendEvent(_:)`` calls it; an override
    /// that observes events calls `super`.
    /// - Parameters:
    ///   - event: The event to dispatch.
    open func sendEvent(_ event: UIEvent) {
        guard event.type == .touches else { return }
        GestureEnvironment.shared.deliver(event, in: self)
    }

    // MARK: - Root view controller

    /// The controller whose view fills the window. Setting it loads that view and installs it sized to the
    /// window; on a visible window, the old controller disappears and the new one appears.
    open var rootViewController: UIViewController? {
        get { storedRootViewController }
        set { replaceRootViewController(with: newValue) }
    }

    /// A window is its own window.
    open override var window: UIWindow? { self }

    /// The window's scene (iOS 13 and later), or the application when the window has no scene.
    open override var next: UIResponder? { windowScene ?? UIApplication.shared }

    // MARK: - Internal

    static weak var keyWindowStorage: UIWindow?
    static var showCount = 0

    private var storedRootViewController: UIViewController?

    /// The root controller and the controllers it presents whose views are in this window, in order.
    func forEachTopLevelController(_ body: (UIViewController) -> Void) {
        var controller = storedRootViewController
        while let current = controller {
            if current.viewIfLoaded?.window === self {
                body(current)
            }
            controller = current.presentedViewController
        }
    }

    // MARK: - Private

    private func replaceRootViewController(with newRoot: UIViewController?) {
        let oldRoot = storedRootViewController
        guard oldRoot !== newRoot else { return }
        // As in UIKit, the new root's viewDidLoad comes before any appearance callback.
        newRoot?.loadViewIfNeeded()
        let isVisible = !isHidden
        if isVisible {
            oldRoot?.beginAppearanceTransition(false, animated: false)
            newRoot?.beginAppearanceTransition(true, animated: false)
        }
        oldRoot?.viewIfLoaded?.removeFromSuperview()
        storedRootViewController = newRoot
        if let newRoot, let view = newRoot.view {
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            insertSubview(view, at: 0)
        }
        if isVisible {
            layoutIfNeeded()
            oldRoot?.endAppearanceTransition()
            newRoot?.endAppearanceTransition()
        }
    }
}

extension UIWindow {
    /// A window's stacking level.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        /// The level's value; higher is in front.
        public var rawValue: CGFloat
        /// Creates a level.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Creates a level.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// The default level.
        public static let normal = Level(0)
        /// The status bar's level.
        public static let statusBar = Level(1000)
        /// The level of alerts.
        public static let alert = Level(2000)

        /// Orders levels by value.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
        /// A level above another.
        public static func + (lhs: Level, rhs: CGFloat) -> Level { Level(rawValue: lhs.rawValue + rhs) }
        /// A level above another.
        public static func + (lhs: CGFloat, rhs: Level) -> Level { Level(rawValue: lhs + rhs.rawValue) }
        /// A level below another.
        public static func - (lhs: Level, rhs: CGFloat) -> Level { Level(rawValue: lhs.rawValue - rhs) }
        /// The distance between two levels.
        public static func - (lhs: Level, rhs: Level) -> CGFloat { lhs.rawValue - rhs.rawValue }
        /// Raises a level.
        public static func += (lhs: inout Level, rhs: CGFloat) { lhs = lhs + rhs }
        /// Lowers a level.
        public static func -= (lhs: inout Level, rhs: CGFloat) { lhs = lhs - rhs }
    }
}
