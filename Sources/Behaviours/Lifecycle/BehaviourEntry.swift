#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// One added behaviour and what it has been told so far.
///
/// Every hook goes through this state machine, which is what guarantees that a behaviour never receives an
/// `after…` without its `before…`, nothing before `afterLoading`, and nothing once removed, whatever order
/// UIKit's callbacks and the catch-up for late additions arrive in.
@MainActor
final class BehaviourEntry {
    // MARK: - Internal

    /// Unique within the controller that holds the entry; registrations remove entries by it.
    let id: Int
    let behaviour: any ViewControllerLifecycleBehaviour
    private(set) var isRemoved = false

    init(id: Int, behaviour: any ViewControllerLifecycleBehaviour) {
        self.id = id
        self.behaviour = behaviour
    }

    var hasLoaded: Bool { didLoad }

    func markRemoved() {
        isRemoved = true
    }

    func afterLoading(_ host: UIViewController) {
        guard !isRemoved, !didLoad else { return }
        didLoad = true
        behaviour.afterLoading(host)
    }

    func beforeAppearing(_ host: UIViewController) {
        guard isLive, phase == .disappeared || phase == .disappearing else { return }
        phase = .appearing
        behaviour.beforeAppearing(host)
    }

    func afterAppearing(_ host: UIViewController) {
        guard isLive, phase == .appearing else { return }
        phase = .appeared
        behaviour.afterAppearing(host)
    }

    func beforeDisappearing(_ host: UIViewController) {
        guard isLive, phase == .appearing || phase == .appeared else { return }
        phase = .disappearing
        behaviour.beforeDisappearing(host)
    }

    func afterDisappearing(_ host: UIViewController) {
        guard isLive, phase == .disappearing else { return }
        phase = .disappeared
        behaviour.afterDisappearing(host)
    }

    func beforeLayingOut(_ host: UIViewController) {
        guard isLive, !isLayingOut else { return }
        isLayingOut = true
        behaviour.beforeLayingOutSubviews(host)
    }

    func afterLayingOut(_ host: UIViewController) {
        guard isLive, isLayingOut else { return }
        isLayingOut = false
        behaviour.afterLayingOutSubviews(host)
    }

    /// Brings a behaviour added late up to the phase its host is in: through `beforeAppearing` when the host
    /// is appearing, and through `afterAppearing` too when it has appeared. A host that is disappearing is
    /// treated as gone, so the behaviour waits for the next appearance.
    func catchUp(to hostPhase: AppearancePhase, host: UIViewController) {
        switch hostPhase {
        case .appearing:
            beforeAppearing(host)
        case .appeared:
            beforeAppearing(host)
            afterAppearing(host)
        case .disappeared, .disappearing:
            break
        }
    }

    // MARK: - Private

    private var didLoad = false
    private var phase = AppearancePhase.disappeared
    private var isLayingOut = false

    private var isLive: Bool { !isRemoved && didLoad }
}
