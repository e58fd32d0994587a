import HeadlessUIKit
import TestSupport

/// Logs a control's touch, value and editing events as `"<name>.<event>"`, one ``UIAction`` per event so combined sends show
/// each event.
@MainActor
func logControlEvents(of control: UIControl, as name: String, into log: LifecycleLog) {
    let events: [(String, UIControl.Event)] = [
        ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat),
        ("touchDragInside", .touchDragInside), ("touchDragOutside", .touchDragOutside),
        ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
        ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside),
        ("touchCancel", .touchCancel), ("valueChanged", .valueChanged),
        ("primaryActionTriggered", .primaryActionTriggered), ("editingDidBegin", .editingDidBegin),
    ]
    for (label, event) in events {
        control.addAction(UIAction { _ in log.append("\(name).\(label)") }, for: event)
    }
}
