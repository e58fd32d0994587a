#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A reusable piece of view-controller behaviour that receives its host's lifecycle without subclassing
/// or method swizzling.
///
/// Attach behaviours with `UIViewController.add(behaviours:)`, usually in `viewDidLoad`:
///
/// ```swift
/// override func viewDidLoad() {
///     super.viewDidLoad()
///     add(behaviours: [
///         ScreenshotDetector(notificationCenter: .default) { host in
///             host.present(ShareScreenshotViewController(), animated: true)
///         },
///     ])
/// }
/// ```
///
/// Every hook is a requirement with an empty default, so a conformer implements only what it needs and
/// its implementation is always the one called. Each hook receives the host, so a behaviour never needs to
/// store it (and must not store it strongly: the host owns its behaviours).
///
/// Hooks come from a hidden child view controller that the host contains, so they run just after the host's
/// own callback of the same moment: ``beforeAppearing(_:)`` right after the host's `viewWillAppear(_:)`,
/// ``afterAppearing(_:)`` right after its `viewDidAppear(_:)`, and so on. A behaviour never receives an
/// `after…` hook without the matching `before…` (nor any hook before ``afterLoading(_:)``), however late it
/// was added.
///
/// - Important: ``beforeLayingOutSubviews(_:)`` and ``afterLayingOutSubviews(_:)`` come from the hidden
///   child's own layout: on its first layout and whenever the host's view changes size. A layout pass of
///   the host at an unchanged size does not reach behaviours (see `UIViewController.add(behaviours:)`).
@MainActor
public protocol ViewControllerLifecycleBehaviour {
    /// Called once, after the host's view has loaded: during the host's `viewDidLoad()` when the behaviour
    /// is added there, or at once when it is added later.
    /// - Parameter viewController: The host.
    func afterLoading(_ viewController: UIViewController)

    /// Called when the host begins to appear, just after its `viewWillAppear(_:)`.
    /// - Parameter viewController: The host.
    func beforeAppearing(_ viewController: UIViewController)

    /// Called when the host has appeared, just after its `viewDidAppear(_:)`.
    /// - Parameter viewController: The host.
    func afterAppearing(_ viewController: UIViewController)

    /// Called when the host begins to disappear, just after its `viewWillDisappear(_:)`.
    /// - Parameter viewController: The host.
    func beforeDisappearing(_ viewController: UIViewController)

    /// Called when the host has disappeared, just after its `viewDidDisappear(_:)`. Not called when the
    /// disappearance is cancelled (an interactive pop the user abandons): ``beforeAppearing(_:)`` and
    /// ``afterAppearing(_:)`` follow instead.
    /// - Parameter viewController: The host.
    func afterDisappearing(_ viewController: UIViewController)

    /// Called before the behaviours' hidden child lays out: on its first layout and whenever the host's view
    /// changes size.
    /// - Parameter viewController: The host.
    func beforeLayingOutSubviews(_ viewController: UIViewController)

    /// Called after the behaviours' hidden child laid out, paired with ``beforeLayingOutSubviews(_:)``.
    /// - Parameter viewController: The host.
    func afterLayingOutSubviews(_ viewController: UIViewController)
}

extension ViewControllerLifecycleBehaviour {
    /// Does nothing.
    public func afterLoading(_ viewController: UIViewController) {}
    /// Does nothing.
    public func beforeAppearing(_ viewController: UIViewController) {}
    /// Does nothing.
    public func afterAppearing(_ viewController: UIViewController) {}
    /// Does nothing.
    public func beforeDisappearing(_ viewController: UIViewController) {}
    /// Does nothing.
    public func afterDisappearing(_ viewController: UIViewController) {}
    /// Does nothing.
    public func beforeLayingOutSubviews(_ viewController: UIViewController) {}
    /// Does nothing.
    public func afterLayingOutSubviews(_ viewController: UIViewController) {}
}
