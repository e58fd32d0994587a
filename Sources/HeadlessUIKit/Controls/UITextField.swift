import Foundation

/// A control that shows an editable line of text.
///
/// A tap (a touch that lifts inside) on a field that is not editing starts editing: ``isEditing`` becomes
/// `true` and the field sends `.editingDidBegin`, then `.touchUpInside`. HeadlessUIKit has no keyboard and
/// no first responder: text changes only from code (which sends nothing, as in UIKit).
@MainActor
open class UITextField: UIControl {
    /// The text, `nil` by default.
    open var text: String?
    /// The text shown while ``text`` is empty, `nil` by default.
    open var placeholder: String?
    /// Whether the field is editing.
    open private(set) var isEditing = false

    // MARK: - Internal

    override func sendTouchUp(inside: Bool) {
        if inside, !isEditing {
            isEditing = true
            sendActions(for: .editingDidBegin)
        }
        super.sendTouchUp(inside: inside)
    }
}
