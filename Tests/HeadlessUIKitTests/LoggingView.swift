import HeadlessUIKit
import TestSupport

/// A view that logs its hierarchy, window and layout callbacks as `"<name>.<callback>"`.
@MainActor
final class LoggingView: UIView {
    var name = "view"
    var log: LifecycleLog?

    convenience init(_ name: String, log: LifecycleLog, frame: CGRect = .zero) {
        self.init(frame: frame)
        self.name = name
        self.log = log
    }

    override func willMove(toSuperview newSuperview: UIView?) {
        log?.append("\(name).willMoveToSuperview(\(newSuperview == nil ? "nil" : "view"))")
    }

    override func didMoveToSuperview() {
        log?.append("\(name).didMoveToSuperview")
    }

    override func willMove(toWindow newWindow: UIWindow?) {
        log?.append("\(name).willMoveToWindow(\(newWindow == nil ? "nil" : "window"))")
    }

    override func didMoveToWindow() {
        log?.append("\(name).didMoveToWindow")
    }

    override func didAddSubview(_ subview: UIView) {
        log?.append("\(name).didAddSubview")
    }

    override func willRemoveSubview(_ subview: UIView) {
        log?.append("\(name).willRemoveSubview")
    }

    override func layoutSubviews() {
        log?.append("\(name).layoutSubviews")
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log?.append("\(name).touchesBegan")
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        log?.append("\(name).touchesMoved")
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log?.append("\(name).touchesEnded")
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log?.append("\(name).touchesCancelled")
    }
}

/// A recording controller whose root view is a ``LoggingView`` named like the controller.
@MainActor
func makeController(_ name: String, log: LifecycleLog, logsViewCallbacks: Bool = false, logsLayout: Bool = false) -> RecordingViewController {
    let controller = RecordingViewController(name, log: log, logsLayout: logsLayout)
    if logsViewCallbacks {
        controller.view = LoggingView("\(name)View", log: log, frame: UIScreen.main.bounds)
        log.removeAll()
    }
    return controller
}

/// A visible window whose root controller's view holds a 100 × 100 ``LoggingView`` named "V", laid out,
/// with the log emptied.
@MainActor
func windowWithView(_ log: LifecycleLog) -> (UIWindow, LoggingView) {
    let window = showInWindow(UIViewController())
    let view = LoggingView("V", log: log, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.rootViewController?.view.addSubview(view)
    window.layoutIfNeeded()
    log.removeAll()
    return (window, view)
}
