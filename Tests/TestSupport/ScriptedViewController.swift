#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A view controller that logs its loading, appearance and layout calls as `"<name>.<callback>"` (for
/// example `"A.viewWillAppear"`) and runs test code in its callbacks.
///
/// After logging a callback it calls ``onCallback`` with the callback's name (`"viewDidLoad"`,
/// `"viewWillAppear"`, …), so a test can act where app code would, for example add behaviours in
/// `viewDidLoad` (see ``run(in:_:)``). With ``isScrollViewBased`` its root view is a `UIScrollView`; with
/// ``hasScrollViewContent`` its plain root view has a scroll view as its first subview.
/// ``RecordingViewController`` also logs `loadView` and containment.
@MainActor
open class ScriptedViewController: UIViewController {
    /// The name used in log entries.
    public let name: String
    /// Where the entries go.
    public let log: LifecycleLog
    /// Whether layout callbacks are logged.
    public var logsLayout: Bool
    /// Whether `loadView()` installs a `UIScrollView` as the root view.
    public var isScrollViewBased = false
    /// Whether `viewDidLoad()` adds a full-size scroll view as the first subview of the root view.
    public var hasScrollViewContent = false
    /// Runs after each logged callback, with the callback's name.
    public var onCallback: ((String) -> Void)?

    /// Creates a scripted controller.
    public init(_ name: String, log: LifecycleLog, logsLayout: Bool = true) {
        self.name = name
        self.log = log
        self.logsLayout = logsLayout
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    open override func loadView() {
        guard isScrollViewBased else {
            super.loadView()
            return
        }
        let scrollView = UIScrollView(frame: UIScreen.main.bounds)
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view = scrollView
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if hasScrollViewContent {
            let scrollView = UIScrollView(frame: view.bounds)
            scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(scrollView)
        }
        record("viewDidLoad")
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        record("viewWillAppear")
    }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        record("viewDidAppear")
    }

    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        record("viewWillDisappear")
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        record("viewDidDisappear")
    }

    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        if logsLayout { record("viewWillLayoutSubviews") }
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if logsLayout { record("viewDidLayoutSubviews") }
    }

    /// Runs `body` with this controller each time it logs `callback` (such as `"viewDidLoad"`), where app
    /// code would override that method. Replaces ``onCallback``.
    public func run(in callback: String, _ body: @escaping (ScriptedViewController) -> Void) {
        onCallback = { [unowned self] logged in
            if logged == callback { body(self) }
        }
    }

    private func record(_ callback: String) {
        log.append("\(name).\(callback)")
        onCallback?(callback)
    }
}
