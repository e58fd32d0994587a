import Foundation

/// The app: its state, its scenes, its delegate and its notifications.
///
/// Headless apps have no `UIApplicationMain`; ``shared`` is created on first use, active, with one
/// connected ``UIWindowScene``. Move it through its states with ``Headless/enterBackground()`` and
/// ``Headless/enterForeground()``.
@MainActor
open class UIApplication: UIResponder {
    /// The app's states.
    public enum State: Int, Sendable {
        /// In the foreground, receiving events.
        case active = 0
        /// In the foreground, not receiving events.
        case inactive = 1
        /// In the background.
        case background = 2
    }

    /// The shared application (unavailable in app extensions, as in UIKit).
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    open class var shared: UIApplication { sharedApplication }

    /// The app's delegate; the responder chain's last link when it is a ``UIResponder``.
    open weak var delegate: (any UIApplicationDelegate)?

    /// The app's state.
    open internal(set) var applicationState: State = .active

    /// The connected scenes.
    open internal(set) var connectedScenes: Set<UIScene> = []

    /// The delegate, when it is a responder.
    open override var next: UIResponder? { delegate as? UIResponder }

    private static let sharedApplication = UIApplication()

    override init() {
        super.init()
    }

    // MARK: - Events

    /// Dispatches an event: a touch event goes to the window of each of its touches
    /// (``UIWindow/sendEvent(_:)``), in the order the touches began. An override that observes events calls
    /// `super`.
    /// - Parameters:
    ///   - event: The event to dispatch.
    open func sendEvent(_ event: UIEvent) {
        var windows: [UIWindow] = []
        for touch in event.storedTouches {
            guard let window = touch.window, !windows.contains(where: { $0 === window }) else { continue }
            windows.append(window)
        }
        for window in windows {
            window.sendEvent(event)
        }
    }

    // MARK: - Notifications (object: the application; nonisolated, as in UIKit)

    /// Posted when the app finished launching, right after `application(_:didFinishLaunchingWithOptions:)`.
    nonisolated public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    /// Posted after the user took a screenshot.
    nonisolated public static let userDidTakeScreenshotNotification = Notification.Name("UIApplicationUserDidTakeScreenshotNotification")
    /// Posted when the app entered the background.
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when the app is about to enter the foreground.
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted when the app became active.
    nonisolated public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the app is about to become inactive.
    nonisolated public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
}
