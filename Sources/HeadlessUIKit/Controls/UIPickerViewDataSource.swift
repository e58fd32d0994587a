import Foundation

/// What a ``UIPickerView`` shows: its components (wheels) and their numbers of rows.
@MainActor
public protocol UIPickerViewDataSource: NSObjectProtocol {
    /// The number of components (wheels).
    /// - Parameter pickerView: The picker.
    func numberOfComponents(in pickerView: UIPickerView) -> Int

    /// The number of rows of a component.
    /// - Parameters:
    ///   - pickerView: The picker.
    ///   - component: The component.
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}
