#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import TestSupport

/// A behaviour that logs each hook as `"<name>.<hook>"` (for example `"b1.beforeAppearing"`) into a shared
/// ``LifecycleLog`` and then runs ``onHook``, so a test can add or remove behaviours from inside a hook.
@MainActor
final class RecordingBehaviour: ViewControllerLifecycleBehaviour {
    let name: String
    let log: LifecycleLog
    /// Whether layout hooks are logged.
    var logsLayout: Bool
    /// Runs after each logged hook with the hook's name and the host.
    var onHook: ((String, UIViewController) -> Void)?
    /// Every host a hook was called with, without keeping them alive.
    private(set) var hosts: Set<ObjectIdentifier> = []

    init(_ name: String, log: LifecycleLog, logsLayout: Bool = true) {
        self.name = name
        self.log = log
        self.logsLayout = logsLayout
    }

    func afterLoading(_ viewController: UIViewController) { record("afterLoading", viewController) }
    func beforeAppearing(_ viewController: UIViewController) { record("beforeAppearing", viewController) }
    func afterAppearing(_ viewController: UIViewController) { record("afterAppearing", viewController) }
    func beforeDisappearing(_ viewController: UIViewController) { record("beforeDisappearing", viewController) }
    func afterDisappearing(_ viewController: UIViewController) { record("afterDisappearing", viewController) }

    func beforeLayingOutSubviews(_ viewController: UIViewController) {
        if logsLayout { record("beforeLayingOutSubviews", viewController) }
    }

    func afterLayingOutSubviews(_ viewController: UIViewController) {
        if logsLayout { record("afterLayingOutSubviews", viewController) }
    }

    /// Runs `body` with the host each time this behaviour logs `hook` (such as `"beforeAppearing"`).
    /// Replaces ``onHook``.
    func run(in hook: String, _ body: @escaping (UIViewController) -> Void) {
        onHook = { logged, viewController in
            if logged == hook { body(viewController) }
        }
    }

    private func record(_ hook: String, _ viewController: UIViewController) {
        hosts.insert(ObjectIdentifier(viewController))
        log.append("\(name).\(hook)")
        onHook?(hook, viewController)
    }
}

/// A behaviour that implements no hook: it checks the protocol's defaults.
@MainActor
final class SilentBehaviour: ViewControllerLifecycleBehaviour {}
