#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A view controller that logs its loading, appearance, layout and containment calls as
/// `"<name>.<callback>"` (for example `"A.viewWillAppear"`, `"B.didMove(nav)"`).
@MainActor
public final class RecordingViewController: UIViewController {
    /// The name used in log entries.
    public let name: String
    /// Where the entries go.
    public let log: LifecycleLog
    /// Whether layout callbacks are logged (they are noisy in some tests).
    public var logsLayout: Bool

    /// Creates a recording controller.
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

    public override func loadView() {
        log.append("\(name).loadView")
        super.loadView()
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        log.append("\(name).viewDidLoad")
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        log.append("\(name).viewWillAppear")
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log.append("\(name).viewDidAppear")
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        log.append("\(name).viewWillDisappear")
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        log.append("\(name).viewDidDisappear")
    }

    public override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        if logsLayout { log.append("\(name).viewWillLayoutSubviews") }
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if logsLayout { log.append("\(name).viewDidLayoutSubviews") }
    }

    public override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        log.append("\(name).willMove(\(parent.map(Self.label) ?? "nil"))")
    }

    public override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        log.append("\(name).didMove(\(parent.map(Self.label) ?? "nil"))")
    }

    private static func label(_ controller: UIViewController) -> String {
        (controller as? RecordingViewController)?.name ?? String(describing: type(of: controller))
    }
}
