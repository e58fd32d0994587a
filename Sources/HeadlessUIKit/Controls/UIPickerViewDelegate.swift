import Foundation

/// What a ``UIPickerView`` tells and asks about its rows. Every method is optional in UIKit; here each has a
/// default.
@MainActor
public protocol UIPickerViewDelegate: NSObjectProtocol {
    /// A row's title.
    /// - Parameters:
    ///   - pickerView: The picker.
    ///   - row: The row.
    ///   - component: The component.
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?

    /// The user selected a row.
    /// - Parameters:
    ///   - pickerView: The picker.
    ///   - row: The row.
    ///   - component: The component.
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
    /// No title.
    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        nil
    }

    /// Does nothing.
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}
