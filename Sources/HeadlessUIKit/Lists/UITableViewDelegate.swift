import Foundation

/// Hears a table view's display and selection and may size its rows. UIKit's optional members have
/// defaults here; the height defaults return the table's own ``UITableView/rowHeight`` and section
/// heights, which is what UIKit uses when the delegate does not implement them.
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// A row's height.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// A section header's height.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// A section footer's height.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// A cell is about to be shown for a row.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// A cell stopped showing a row.
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// A row is about to be selected; return another index path, or `nil` to refuse.
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// A row was selected by a tap.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// A row was deselected by a tap on another row.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    /// The table's ``UITableView/rowHeight`` (optional in UIKit).
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.rowHeight
    }
    /// The table's ``UITableView/sectionHeaderHeight`` (optional in UIKit).
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.sectionHeaderHeight
    }
    /// The table's ``UITableView/sectionFooterHeight`` (optional in UIKit).
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.sectionFooterHeight
    }
    /// Does nothing (optional in UIKit).
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing (optional in UIKit).
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Selects the row asked for (optional in UIKit).
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing (optional in UIKit).
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// Does nothing (optional in UIKit).
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}
