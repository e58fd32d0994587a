import Foundation

extension UIApplication {
    // MARK: - Background tasks (nonisolated, as in UIKit: callable from any thread)

    /// Marks the start of work that should go on if the app moves to the background.
    ///
    /// Balance every call with ``endBackgroundTask(_:)``, from the work's completion or from `handler`,
    /// exactly once. Headless apps get background time unless
    /// ``Headless/isBackgroundTimeAvailable`` is `false`; ``Headless/expireBackgroundTime()`` runs the
    /// handlers as iOS does shortly before the time runs out.
    /// - Parameters:
    ///   - taskName: A name shown in diagnostics, or `nil`.
    ///   - handler: Called on the main thread shortly before background time runs out; it must end the task.
    /// - Returns: The task's identifier, or ``UIBackgroundTaskIdentifier/invalid`` when no background
    ///   time can be had.
    public nonisolated func beginBackgroundTask(withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        BackgroundTaskRegistry.shared.begin(name: taskName, expirationHandler: handler)
    }

    /// Marks the start of work that should go on if the app moves to the background; see
    /// ``beginBackgroundTask(withName:expirationHandler:)``.
    /// - Parameter handler: Called on the main thread shortly before background time runs out; it must end
    ///   the task.
    /// - Returns: The task's identifier, or ``UIBackgroundTaskIdentifier/invalid``.
    public nonisolated func beginBackgroundTask(expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        BackgroundTaskRegistry.shared.begin(name: nil, expirationHandler: handler)
    }

    /// Marks the end of a background task. Ending a task that is not running (ended already, or
    /// expired) is reported, as UIKit logs it; ending ``UIBackgroundTaskIdentifier/invalid`` does nothing.
    /// - Parameter identifier: The identifier `beginBackgroundTask` returned.
    public nonisolated func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        BackgroundTaskRegistry.shared.end(identifier)
    }
}
