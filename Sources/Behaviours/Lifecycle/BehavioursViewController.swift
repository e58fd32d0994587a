#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The hidden child view controller that `UIViewController.add(behaviours:)` injects into a host, one per
/// host, and whose own lifecycle callbacks drive the host's behaviours.
///
/// A child contained the standard way receives its appearance callbacks from UIKit right after its
/// parent's, and its layout callbacks whenever its view lays out, so no method of the host is replaced.
/// Its view is hidden, takes no touches, is hidden from assistive technologies, fills the host's view and
/// follows its size, and sits on top of the host's subviews (a scroll view at index 0 stays there).
///
/// The controller keeps its host weakly; the host owns it through `children`, and it owns the behaviours.
@MainActor
final class BehavioursViewController: UIViewController {
    // MARK: - Internal

    /// The host's appearance phase as this child has been told it.
    private(set) var phase = AppearancePhase.disappeared
    /// The behaviours in insertion order; removed entries leave at once.
    private(set) var entries: [BehaviourEntry] = []
    /// Set once the child has left its host for good; a later `add(behaviours:)` injects a new one.
    private(set) var isTornDown = false

    init(host: UIViewController) {
        self.host = host
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("BehavioursViewController is created in code only")
    }

    /// The injected child of `host`, if it has one that is still in use.
    static func existing(in host: UIViewController) -> BehavioursViewController? {
        for child in host.children {
            if let controller = child as? BehavioursViewController, !controller.isTornDown {
                return controller
            }
        }
        return nil
    }

    /// Appends entries for `behaviours` without telling them anything yet.
    func register(_ behaviours: [any ViewControllerLifecycleBehaviour]) -> [BehaviourEntry] {
        let added = behaviours.map { behaviour in
            nextEntryID += 1
            return BehaviourEntry(id: nextEntryID, behaviour: behaviour)
        }
        entries.append(contentsOf: added)
        return added
    }

    /// Tells every entry that has not heard it yet that the host's view has loaded, in insertion order.
    func deliverAfterLoading() {
        guard let host, host.isViewLoaded else { return }
        forEachEntry { entry, host in entry.afterLoading(host) }
    }

    /// Puts the child's view into the host's view, once.
    func installIfNeeded() {
        guard let host, !isTornDown, !isInstalled, host.isViewLoaded else { return }
        isInstalled = true
        host.installView(of: self)
    }

    /// Brings entries added late up to the host's current phase.
    func catchUp() {
        let hostPhase = phase
        forEachEntry { entry, host in entry.catchUp(to: hostPhase, host: host) }
    }

    /// Removes the entries with these ids. When none remain, the child leaves its host (after the current
    /// callback, if called from one).
    func removeEntries(withIDs ids: Set<Int>) {
        entries.removeAll { entry in
            guard ids.contains(entry.id) else { return false }
            entry.markRemoved()
            return true
        }
        if dispatchDepth == 0 {
            tearDownIfUnused()
        }
    }

    // MARK: - UIViewController

    override func loadView() {
        let view = UIView()
        view.isHidden = true
        view.isUserInteractionEnabled = false
        view.accessibilityElementsHidden = true
        self.view = view
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        phase = .appearing
        forEachEntry { entry, host in entry.beforeAppearing(host) }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        phase = .appeared
        forEachEntry { entry, host in entry.afterAppearing(host) }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        phase = .disappearing
        forEachEntry { entry, host in entry.beforeDisappearing(host) }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        phase = .disappeared
        forEachEntry { entry, host in entry.afterDisappearing(host) }
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        forEachEntry { entry, host in entry.beforeLayingOut(host) }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        forEachEntry { entry, host in entry.afterLayingOut(host) }
    }

    // MARK: - Private

    private weak var host: UIViewController?
    private var nextEntryID = 0
    private var isInstalled = false
    /// How many deliveries are under way; a behaviour may add or remove behaviours from inside one.
    private var dispatchDepth = 0

    /// Calls `body` for a snapshot of the entries, so that behaviours added during the pass are left to their
    /// own catch-up and behaviours removed during the pass are skipped without skipping their siblings.
    private func forEachEntry(_ body: (BehaviourEntry, UIViewController) -> Void) {
        guard let host else { return }
        dispatchDepth += 1
        for entry in entries where !entry.isRemoved {
            body(entry, host)
        }
        dispatchDepth -= 1
        if dispatchDepth == 0 {
            tearDownIfUnused()
        }
    }

    private func tearDownIfUnused() {
        guard entries.isEmpty, !isTornDown else { return }
        isTornDown = true
        guard let host = parent else { return }
        host.remove(childController: self)
    }
}
