#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A view controller that logs its loading, appearance, layout and containment calls as
/// `"<name>.<callback>"` (for example `"A.viewWillAppear"`, `"B.didMove(nav)"`).
///
/// It logs what ``ScriptedViewController`` logs, plus `loadView` and the containment callbacks, which
/// appear in the log as `willMove(<parent>)` / `didMove(<parent>)`: the parent's name when it is a
/// `RecordingViewController`, else its type name, or `nil`.
@MainActor
public final class RecordingViewController: ScriptedViewController {
    // MARK: - Public

    public override func loadView() {
        log.append("\(name).loadView")
        super.loadView()
    }

    public override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        log.append("\(name).willMove(\(parent.map(Self.label) ?? "nil"))")
    }

    public override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        log.append("\(name).didMove(\(parent.map(Self.label) ?? "nil"))")
    }

    // MARK: - Private

    private static func label(_ controller: UIViewController) -> String {
        (controller as? RecordingViewController)?.name ?? String(describing: type(of: controller))
    }
}
