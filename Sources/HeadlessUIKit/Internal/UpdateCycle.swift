import Foundation

/// UIKit's update cycle: one coalesced layout pass over every window at the end of a main run-loop turn,
/// in every mode including tracking.
@MainActor
final class UpdateCycle {
    static let shared = UpdateCycle()

    /// Whether a pass is scheduled and has not run yet.
    private(set) var isScheduled = false

    /// Schedules one pass, unless one is already scheduled.
    func schedule() {
        guard !isScheduled else { return }
        isScheduled = true
        MainRunLoopTask.schedule { [self] in
            guard isScheduled else { return }
            run()
        }
    }

    /// Lays out every marked view of every window of every connected scene now.
    func run() {
        isScheduled = false
        for scene in UIApplication.shared.connectedScenes {
            guard let windowScene = scene as? UIWindowScene else { continue }
            for window in windowScene.windows {
                window.layoutSubtreeIfNeeded()
            }
        }
    }

    /// Forgets a scheduled pass (the timer then does nothing).
    func cancel() {
        isScheduled = false
    }
}
