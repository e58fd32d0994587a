import Foundation

/// Tabs of controllers of which only the selected one's view is in the hierarchy.
///
/// A tab's controller loads its view only when first selected. Switching from A to B while shown gives
/// B `viewWillAppear`, A `viewWillDisappear`, A `viewDidDisappear`, B `viewDidAppear`. The delegate's
/// `tabBarController(_:didSelect:)` fires for user taps only (``Headless/tapTab(at:in:)``).
@MainActor
open class UITabBarController: UIViewController {
    /// The tabs' controllers.
    open var viewControllers: [UIViewController]? {
        get { tabs.isEmpty ? nil : tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs; the first one is selected unless the selected controller stays.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let newTabs = viewControllers ?? []
        let previous = selectedViewController
        for old in tabs where !newTabs.contains(where: { $0 === old }) {
            if old === previous { continue }
            old.willMove(toParent: nil)
            old.removeFromParent()
        }
        for new in newTabs where !tabs.contains(where: { $0 === new }) {
            addChild(new)
            new.didMove(toParent: self)
        }
        tabs = newTabs
        let next = newTabs.first { $0 === previous } ?? newTabs.first
        select(next)
        if let previous, !newTabs.contains(where: { $0 === previous }) {
            previous.willMove(toParent: nil)
            previous.removeFromParent()
        }
    }

    /// The selected tab's controller.
    open var selectedViewController: UIViewController? {
        get { selected }
        set {
            guard let newValue, tabs.contains(where: { $0 === newValue }) else { return }
            select(newValue)
        }
    }

    /// The selected tab's index, or `NSNotFound` when there are no tabs.
    open var selectedIndex: Int {
        get { selected.flatMap { current in tabs.firstIndex { $0 === current } } ?? NSNotFound }
        set {
            guard tabs.indices.contains(newValue) else { return }
            select(tabs[newValue])
        }
    }

    /// Receives user-driven selections.
    open weak var delegate: (any UITabBarControllerDelegate)?

    /// The tab bar.
    open var tabBar: UITabBar {
        loadViewIfNeeded()
        return bar
    }

    // MARK: - Internal

    override func containerViewDidLoad() {
        let bounds = view.bounds
        bar.frame = CGRect(x: 0, y: bounds.height - 49, width: bounds.width, height: 49)
        bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        view.addSubview(bar)
        if let selected {
            install(selected)
        }
    }

    /// A user tap on a tab: asks the delegate, selects, then tells the delegate.
    func userDidTapTab(at index: Int) {
        guard tabs.indices.contains(index) else { return }
        let controller = tabs[index]
        guard delegate?.tabBarController(self, shouldSelect: controller) ?? true else { return }
        select(controller)
        delegate?.tabBarController(self, didSelect: controller)
    }

    // MARK: - Private

    private var tabs: [UIViewController] = []
    private weak var selected: UIViewController?
    private lazy var bar = UITabBar(frame: .zero)

    private func select(_ incoming: UIViewController?) {
        let outgoing = selected
        guard incoming !== outgoing else { return }
        selected = incoming
        guard isViewLoaded else { return }
        let isShown = appearanceState == .appeared
        incoming?.loadViewIfNeeded()
        if isShown {
            incoming?.beginAppearanceTransition(true, animated: false)
            outgoing?.beginAppearanceTransition(false, animated: false)
        }
        if let incoming { install(incoming) }
        outgoing?.viewIfLoaded?.removeFromSuperview()
        if isShown {
            incoming?.viewIfLoaded?.layoutIfNeeded()
            outgoing?.endAppearanceTransition()
            incoming?.endAppearanceTransition()
        }
    }

    /// Puts a tab's view (loading it) in the content area, full size, under the tab bar.
    private func install(_ child: UIViewController) {
        let childView: UIView = child.view
        childView.frame = view.bounds
        childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.insertSubview(childView, belowSubview: bar)
    }
}
