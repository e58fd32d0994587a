import Foundation

/// Finishes animated transitions (push, pop, present, dismiss) on a later main run-loop turn, as UIKit's
/// animations do: the `will…` callbacks run at once, the `did…` ones when the animation completes.
@MainActor
final class TransitionAnimator {
    static let shared = TransitionAnimator()

    /// How long an animated transition takes.
    var duration: TimeInterval = 0.01

    /// How many transitions are still animating.
    private(set) var pendingCount = 0
    private var generation = 0
    /// Coordinators attached to controllers, detached by ``cancelAll()``.
    private var activeCoordinators: [TransitionCoordinator] = []

    /// Runs `completion` now when not animated, else after ``duration`` on the main run loop.
    func run(animated: Bool, completion: @escaping @MainActor () -> Void) {
        guard animated else {
            completion()
            return
        }
        pendingCount += 1
        let scheduledGeneration = generation
        MainRunLoopTask.schedule(after: duration) { [self] in
            guard scheduledGeneration == generation else { return }
            pendingCount -= 1
            completion()
        }
    }

    /// Drops every pending completion and detaches every coordinator.
    func cancelAll() {
        generation += 1
        pendingCount = 0
        for coordinator in activeCoordinators { coordinator.detach() }
        activeCoordinators.removeAll()
    }

    func began(_ coordinator: TransitionCoordinator) {
        if !activeCoordinators.contains(where: { $0 === coordinator }) { activeCoordinators.append(coordinator) }
    }

    func ended(_ coordinator: TransitionCoordinator) {
        activeCoordinators.removeAll { $0 === coordinator }
    }
}
