import Foundation

extension Headless {
    // MARK: - Background time

    /// Whether `beginBackgroundTask` can get background time (default `true`); when `false` it returns
    /// ``UIBackgroundTaskIdentifier/invalid``, as iOS does when the app has no time left. ``reset()``
    /// restores `true`.
    public static var isBackgroundTimeAvailable: Bool {
        get { BackgroundTaskRegistry.shared.isTimeAvailable }
        set { BackgroundTaskRegistry.shared.isTimeAvailable = newValue }
    }

    /// Runs out the app's background time: calls every open task's expiration handler on the main thread,
    /// in the order the tasks began, as iOS does shortly before suspending the app. A task still open
    /// afterwards is reported (iOS would terminate the app) and forgotten.
    public static func expireBackgroundTime() {
        BackgroundTaskRegistry.shared.expire()
    }

    /// How many background tasks are begun and not yet ended.
    public static var openBackgroundTaskCount: Int {
        BackgroundTaskRegistry.shared.openTasks.count
    }

    /// The names of the open background tasks, in the order they began (`nil` for unnamed ones).
    public static var openBackgroundTaskNames: [String?] {
        BackgroundTaskRegistry.shared.openTasks.map(\.name)
    }

    /// Background-task misuse reported since the last ``reset()``: a task ended twice or after it expired,
    /// a task its expiration handler did not end. Each is also written to standard error.
    public static var backgroundTaskMisuses: [String] {
        BackgroundTaskRegistry.shared.misuses
    }
}
