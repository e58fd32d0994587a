#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The behaviours one `UIViewController.add(behaviours:)` call added, so they can be removed again.
///
/// Keeping a registration is optional (behaviours live as long as their host) and does not keep the host or
/// the behaviours alive.
///
/// ```swift
/// let registration = add(behaviours: [ScreenshotDetector(host: ProfileViewController.self) { profile in profile.showShareSheet() }])
/// // later, even from inside one of the behaviour's own hooks:
/// registration.remove()
/// ```
@MainActor
public struct BehavioursRegistration {
    // MARK: - Public

    /// Removes the behaviours: they receive no further hooks, starting with the hook in progress for their
    /// siblings, if any. When the host has no behaviours left, its hidden child controller and its view are
    /// removed with the standard containment calls, so the host's `children` and `view.subviews` are what
    /// they were before. Calling it again does nothing.
    public func remove() {
        controller?.removeEntries(withIDs: ids)
    }

    // MARK: - Internal

    init(controller: BehavioursViewController?, entries: [BehaviourEntry]) {
        self.controller = controller
        self.ids = Set(entries.map(\.id))
    }

    // MARK: - Private

    private weak var controller: BehavioursViewController?
    private let ids: Set<Int>
}
