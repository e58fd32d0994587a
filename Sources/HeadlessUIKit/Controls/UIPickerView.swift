import Foundation

/// A view of spinning wheels (components) of rows, one row selected in each.
///
/// HeadlessUIKit models the selection, not the wheels: ``selectRow(_:inComponent:animated:)`` selects from
/// code and tells the delegate nothing, as in UIKit. A picker is a plain view, not a control.
@MainActor
open class UIPickerView: UIView {
    /// Where the components and rows come from.
    open weak var dataSource: (any UIPickerViewDataSource)?
    /// What is told about selections.
    open weak var delegate: (any UIPickerViewDelegate)?

    /// The number of components, from the data source.
    open var numberOfComponents: Int { dataSource?.numberOfComponents(in: self) ?? 0 }

    /// The number of rows of a component, from the data source.
    /// - Parameter component: The component.
    open func numberOfRows(inComponent component: Int) -> Int {
        guard component >= 0, component < numberOfComponents else { return 0 }
        return dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0
    }

    /// Selects a row of a component; out-of-range rows or components are ignored.
    /// - Parameters:
    ///   - row: The row.
    ///   - component: The component.
    ///   - animated: Whether to animate (HeadlessUIKit animates nothing).
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        guard row >= 0, row < numberOfRows(inComponent: component) else { return }
        selections[component] = row
    }

    /// The selected row of a component, or -1 when it has no rows.
    /// - Parameter component: The component.
    open func selectedRow(inComponent component: Int) -> Int {
        let rows = numberOfRows(inComponent: component)
        guard rows > 0 else { return -1 }
        return min(selections[component] ?? 0, rows - 1)
    }

    /// Reloads every component from the data source.
    open func reloadAllComponents() {}

    /// Reloads a component from the data source.
    /// - Parameter component: The component.
    open func reloadComponent(_ component: Int) {}

    // MARK: - Private

    private var selections: [Int: Int] = [:]
}
