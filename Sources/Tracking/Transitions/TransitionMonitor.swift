#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Finds the windows in which a view-controller transition is in flight, and reports when each transition
/// it found ends.
///
/// A window is in transition when a controller of it has a non-nil `transitionCoordinator`: UIKit sets one
/// from the call that starts an animated push, pop, present or dismiss (or an edge swipe) until the animation
/// completes, and meanwhile the model-layer frames that a scan reads already show the end state. The
/// controllers looked at are the window's root view controller, its children (recursively) and the
/// controllers each of them presents: the controllers a scan reaches. UIKit's getter falls back to the
/// ancestors' coordinator, not the children's, so every level is asked.
///
/// Each coordinator found gets one `animate(alongsideTransition: nil, completion:)`, whose completion (run by
/// UIKit when the transition ends, cancelled or not) calls `onTransitionEnd`. No swizzling, nothing for the
/// app to set; a coordinator that refuses is asked again at the next scan.
///
/// As the scan's ``WindowExclusion``, the monitor checks the windows the scanner has already ordered for the
/// scan. With no transition in flight a check allocates nothing of its own (on iOS, reading `children` may
/// bridge an array).
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class TransitionMonitor {
    // MARK: - Internal

    /// - Parameter onTransitionEnd: Runs when a transition that a check found ends.
    init(onTransitionEnd: @escaping @MainActor () -> Void) {
        self.onTransitionEnd = onTransitionEnd
    }

    /// Whether a transition is in flight in `window` (one window's check, for a tap), watching every
    /// coordinator found as a scan's check does.
    func isInTransition(_ window: UIWindow) -> Bool {
        visitedCount = 0
        return window.rootViewController.map { visit($0, depth: 0) } ?? false
    }

    // MARK: - Private

    /// Bounds on the controller walk, against cycles in a broken hierarchy.
    private static let maximumDepth = 64
    private static let maximumControllers = 4_096

    private let onTransitionEnd: @MainActor () -> Void
    /// Coordinators whose end is already awaited.
    private var watched: ContiguousArray<ObjectIdentifier> = []
    /// Coordinators the current check found.
    private var foundCoordinators: ContiguousArray<ObjectIdentifier> = []
    private var visitedCount = 0

    /// Whether `controller`, a descendant or a controller they present has a transition in flight; watches
    /// every coordinator on the way (no early exit, so that none is missed).
    private func visit(_ controller: UIViewController, depth: Int) -> Bool {
        guard depth < Self.maximumDepth, visitedCount < Self.maximumControllers else { return false }
        visitedCount += 1
        var inTransition = false
        if let coordinator = controller.transitionCoordinator {
            watch(coordinator)
            inTransition = true
        }
        for child in controller.children {
            inTransition = visit(child, depth: depth + 1) || inTransition
        }
        // `presentedViewController` resolves through ancestors: follow it only from the presenter itself.
        if let presented = controller.presentedViewController, presented.presentingViewController === controller {
            inTransition = visit(presented, depth: depth + 1) || inTransition
        }
        return inTransition
    }

    private func watch(_ coordinator: any UIViewControllerTransitionCoordinator) {
        let identifier = ObjectIdentifier(coordinator)
        if !foundCoordinators.contains(identifier) { foundCoordinators.append(identifier) }
        guard !watched.contains(identifier) else { return }
        let accepted = coordinator.animate(alongsideTransition: nil) { [weak self] _ in
            self?.transitionEnded(identifier)
        }
        // Refused: the regular ticks will see the transition end; asking again at each scan costs one call.
        if accepted { watched.append(identifier) }
    }

    private func transitionEnded(_ identifier: ObjectIdentifier) {
        guard let index = watched.firstIndex(of: identifier) else { return }
        watched.remove(at: index)
        onTransitionEnd()
    }
}

// MARK: - WindowExclusion

extension TransitionMonitor: WindowExclusion {
    /// Leaves out the windows in transition (their frames already show a state the person may never see),
    /// and watches every coordinator found.
    func findExcludedWindows(among windows: ContiguousArray<UIWindow>, into excluded: inout ContiguousArray<Bool>) -> Bool {
        foundCoordinators.removeAll(keepingCapacity: true)
        var excludesAny = false
        for window in windows {
            visitedCount = 0
            let inTransition = window.rootViewController.map { visit($0, depth: 0) } ?? false
            excluded.append(inTransition)
            excludesAny = excludesAny || inTransition
        }
        if !watched.isEmpty {
            // A transition no longer found whose completion never came (a torn-down hierarchy): forget it.
            watched.removeAll { !foundCoordinators.contains($0) }
        }
        return excludesAny
    }
}
