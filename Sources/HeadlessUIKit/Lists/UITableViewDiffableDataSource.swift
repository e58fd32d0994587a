import Foundation

/// A table view's data source driven by snapshots of identifiers. It makes itself the view's
/// `dataSource`; applying a snapshot keeps the cells of rows still present (moved to their new index
/// paths), ends displaying the cells of removed or reloaded rows and asks the cell provider for the rest.
/// Nothing animates: the completion runs before `apply` returns.
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject,
    UITableViewDataSource
where SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable {
    /// Makes the cell for a row, normally from `dequeueReusableCell(withIdentifier:for:)`.
    public typealias CellProvider = (_ tableView: UITableView, _ indexPath: IndexPath,
                                     _ itemIdentifier: ItemIdentifierType) -> UITableViewCell?

    /// Creates the data source and makes it the table view's `dataSource`.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    // MARK: - Public

    /// How changes animate (HeadlessUIKit animates none).
    public var defaultRowAnimation: UITableView.RowAnimation = .automatic

    /// Shows a snapshot: unchanged rows keep their cells, then the completion runs.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let remap = current.replace(with: snapshot)
        tableView?.remapShownCells(remap)
        tableView?.layoutIfNeeded()
        completion?()
    }

    /// A copy of the snapshot shown.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        current
    }

    /// The item at an index path.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        current.item(at: indexPath)
    }

    /// An item's index path.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.indexPath(of: itemIdentifier)
    }

    /// The snapshot's number of sections.
    open func numberOfSections(in tableView: UITableView) -> Int {
        current.numberOfSections
    }

    /// The snapshot's number of rows in a section.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        current.numberOfItems(inSectionAt: section)
    }

    /// The cell provider's cell for the row; a diagnostic and a plain cell when it returns `nil` (UIKit
    /// throws an exception).
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let item = current.item(at: indexPath), let cell = cellProvider(tableView, indexPath, item) {
            return cell
        }
        HeadlessDiagnostics.report("UITableViewDiffableDataSource: no cell for the row at \(indexPath)")
        return UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// No header title.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }

    /// No footer title.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }

    // MARK: - Private

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
}
