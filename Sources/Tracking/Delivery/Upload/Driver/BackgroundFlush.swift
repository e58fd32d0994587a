#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// Runs a flush inside a background task that is ended exactly once: when the flush finishes or when
/// background time expires, whichever comes first (UIKIT-SEMANTICS 40).
///
/// On expiry the flush is stopped (the request in flight cancelled, no new one started), its task cancelled
/// and the background task ended at once; what the flush had not delivered stays queued (the driver reports
/// it as kept) and goes out on the next flush.
@MainActor
final class BackgroundFlush {
    // MARK: - Internal

    /// The background task's identifier (``UIBackgroundTaskIdentifier/invalid`` when iOS gave no time;
    /// the flush runs anyway, for as long as the app is not suspended).
    private(set) var identifier: UIBackgroundTaskIdentifier = .invalid
    /// Whether the background task has been ended (or was never begun).
    private(set) var isEnded = false

    /// Begins a background task named `name` and runs `flush` in it.
    /// - Parameters:
    ///   - application: The app (`UIApplication.shared`).
    ///   - name: The task's name, shown in the debugger and diagnostics.
    ///   - expire: Called on expiry, before the task ends: stops work that runs outside `flush`'s task
    ///     (the upload driver's own), so that no request starts once the app is about to be suspended.
    ///   - flush: The work; it should stop early when its task is cancelled.
    init(application: UIApplication, name: String = "Sightline.upload", expire: @escaping @Sendable () -> Void = {},
         flush: @escaping @Sendable () async -> Void) {
        self.application = application
        identifier = application.beginBackgroundTask(withName: name) { [weak self] in
            expire()
            self?.work?.cancel()
            self?.end()
        }
        if identifier == .invalid { isEnded = true }
        work = Task { [weak self] in
            await flush()
            self?.end()
        }
    }

    /// Waits until the flush has finished (not merely until the background task ended).
    func wait() async {
        await work?.value
    }

    // MARK: - Private

    private let application: UIApplication
    private var work: Task<Void, Never>?

    private func end() {
        guard !isEnded else { return }
        isEnded = true
        application.endBackgroundTask(identifier)
    }
}
