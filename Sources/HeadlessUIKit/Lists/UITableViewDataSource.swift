import Foundation

/// Supplies a table view's rows and cells. UIKit's optional members have defaults here: one section and
/// no titles.
@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    /// The number of rows in a section.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for a row, normally from `dequeueReusableCell(withIdentifier:for:)`.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// The number of sections (optional in UIKit; 1 by default).
    func numberOfSections(in tableView: UITableView) -> Int
    /// A section header's title (optional in UIKit).
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// A section footer's title (optional in UIKit).
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
}

extension UITableViewDataSource {
    /// One section (optional in UIKit).
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// No title (optional in UIKit).
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No title (optional in UIKit).
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
}
