import Foundation

/// The background tasks of the (single) headless app: thread-safe, because UIKit lets any thread begin and
/// end them.
final class BackgroundTaskRegistry: @unchecked Sendable {
    // MARK: - Internal

    static let shared = BackgroundTaskRegistry()

    struct Task {
        let identifier: UIBackgroundTaskIdentifier
        let name: String?
        let expirationHandler: (@MainActor @Sendable () -> Void)?
    }

    var isTimeAvailable: Bool {
        get { lock.withLock { timeAvailable } }
        set { lock.withLock { timeAvailable = newValue } }
    }

    var openTasks: [Task] {
        lock.withLock { open }
    }

    var misuses: [String] {
        lock.withLock { reports }
    }

    func begin(name: String?, expirationHandler: (@MainActor @Sendable () -> Void)?) -> UIBackgroundTaskIdentifier {
        lock.withLock {
            guard timeAvailable else { return .invalid }
            lastIdentifier += 1
            let task = Task(identifier: UIBackgroundTaskIdentifier(rawValue: lastIdentifier), name: name, expirationHandler: expirationHandler)
            open.append(task)
            return task.identifier
        }
    }

    func end(_ identifier: UIBackgroundTaskIdentifier) {
        guard identifier != .invalid else { return }
        let ended = lock.withLock { () -> Bool in
            guard let index = open.firstIndex(where: { $0.identifier == identifier }) else { return false }
            open.remove(at: index)
            return true
        }
        if !ended {
            report("Can't end BackgroundTask: no background task exists with identifier \(identifier.rawValue), or it may have already been ended.")
        }
    }

    /// Runs the open tasks' expiration handlers on the main thread, in the order the tasks began; tasks a
    /// handler did not end are reported (iOS would terminate the app) and forgotten.
    @MainActor
    func expire() {
        for task in openTasks {
            task.expirationHandler?()
        }
        let unended = lock.withLock { () -> [Task] in
            let remaining = open
            open.removeAll()
            return remaining
        }
        for task in unended {
            report("Background task \(task.identifier.rawValue) (\(task.name ?? "unnamed")) was not ended before its time expired; iOS would terminate the app.")
        }
    }

    /// Reports tasks that were never ended and starts afresh.
    func reset() {
        let unended = lock.withLock { () -> [Task] in
            let remaining = open
            open.removeAll()
            reports.removeAll()
            timeAvailable = true
            return remaining
        }
        for task in unended {
            HeadlessDiagnostics.report("Background task \(task.identifier.rawValue) (\(task.name ?? "unnamed")) was never ended.")
        }
    }

    // MARK: - Private

    private let lock = NSLock()
    private var open: [Task] = []
    private var reports: [String] = []
    private var lastIdentifier = 0
    private var timeAvailable = true

    private func report(_ message: String) {
        lock.withLock { reports.append(message) }
        HeadlessDiagnostics.report(message)
    }
}
