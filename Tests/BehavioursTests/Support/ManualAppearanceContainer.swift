#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import TestSupport

/// A container that turns off automatic appearance forwarding and drives its children itself, as UIKit
/// asks such containers to: to all of its `children`, or (``forwardsToAllChildren`` false) only to
/// ``content``.
@MainActor
final class ManualAppearanceContainer: ScriptedViewController {
    /// The child that always receives appearance calls.
    var content: UIViewController?
    /// Whether appearance goes to every child, including injected ones.
    var forwardsToAllChildren = true

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        for child in forwardedChildren { child.beginAppearanceTransition(true, animated: animated) }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        for child in forwardedChildren { child.endAppearanceTransition() }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        for child in forwardedChildren { child.beginAppearanceTransition(false, animated: animated) }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        for child in forwardedChildren { child.endAppearanceTransition() }
    }

    private var forwardedChildren: [UIViewController] {
        forwardsToAllChildren ? children : content.map { [$0] } ?? []
    }
}
