import Foundation

/// A scroll view of rows in sections. As in UIKit, cells exist only for the rows on screen: each layout
/// pass (which every scroll triggers) asks the data source for the rows coming into view, places their
/// cells as subviews at their frames, and queues the cells of rows that left for
/// `dequeueReusableCell(withIdentifier:for:)`, which calls their `prepareForReuse()`.
///
/// UIKit's `delegate` is retyped to ``UITableViewDelegate``; Swift cannot retype an inherited property, so
/// here it stays `UIScrollViewDelegate` and the table view uses it when it is a ``UITableViewDelegate``.
/// Assigning a delegate reads the same as on iOS. Self-sizing rows, prefetching, editing, headers' views,
/// index titles and animations are not modelled.
@MainActor
open class UITableView: UIScrollView {
    /// A table's appearance.
    public enum Style: Int, Sendable {
        /// Rows in a plain list.
        case plain = 0
        /// Rows in grouped sections.
        case grouped = 1
        /// Grouped sections inset from the edges.
        case insetGrouped = 2
    }

    /// Where a row ends up when scrolled to.
    public enum ScrollPosition: Int, Sendable {
        /// As little scrolling as shows the row.
        case none = 0
        /// The row at the top.
        case top = 1
        /// The row in the middle.
        case middle = 2
        /// The row at the bottom.
        case bottom = 3
    }

    /// How inserted, deleted or reloaded rows animate (HeadlessUIKit animates none).
    public enum RowAnimation: Int, Sendable {
        case fade = 0, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// The value asking for a height UIKit computes; HeadlessUIKit does not size rows to their content and
    /// uses 44 points for rows, and 28 points for sections that have a title (0 otherwise).
    public static let automaticDimension: CGFloat = -1

    /// Creates a table of a style.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
    }

    /// Creates a plain table.
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    /// Creates a table from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }

    // MARK: - Public

    /// The table's appearance.
    public let style: Style
    /// Supplies the rows.
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet { reloadData() }
    }
    /// The height of every row the delegate does not size.
    open var rowHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateLayoutCache() } }
    /// An estimate of row heights (HeadlessUIKit uses exact heights, so it only stores it).
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    /// The height of section headers the delegate does not size.
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateLayoutCache() } }
    /// The height of section footers the delegate does not size.
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateLayoutCache() } }
    /// Whether tapping a row selects it.
    open var allowsSelection = true
    /// Whether several rows can be selected at once.
    open var allowsMultipleSelection = false

    /// Registers a cell class for an identifier; `dequeueReusableCell` creates it when no cell is queued.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registeredClasses[identifier] = cellClass.flatMap { $0 as? UITableViewCell.Type }
    }

    /// A queued cell of the identifier (after its `prepareForReuse()`), a new one of the registered class,
    /// or, when the identifier is unknown, a diagnostic and a plain cell (UIKit throws an exception).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        HeadlessDiagnostics.report("dequeueReusableCell(withIdentifier:for:): no class registered for '\(identifier)'")
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// A queued cell of the identifier (after its `prepareForReuse()`), a new one of the registered class,
    /// or `nil`.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var queue = reuseQueues[identifier], !queue.isEmpty {
            let cell = queue.removeLast()
            reuseQueues[identifier] = queue
            cell.prepareForReuse()
            return cell
        }
        guard let cellClass = registeredClasses[identifier] else { return nil }
        return cellClass.init(headlessReuseIdentifier: identifier)
    }

    /// The number of sections, from the data source.
    open var numberOfSections: Int { layoutCache.sections.count }

    /// The number of rows in a section, from the data source.
    open func numberOfRows(inSection section: Int) -> Int {
        layoutCache.sections.indices.contains(section) ? layoutCache.sections[section].rowOrigins.count : 0
    }

    /// Forgets every row: the shown cells end displaying and are queued; the next layout asks again.
    open func reloadData() {
        for (path, cell) in shownCells.sorted(by: { $0.key < $1.key }) { endDisplaying(cell, at: path) }
        shownCells.removeAll()
        invalidateLayoutCache()
    }

    /// Rows were inserted in the data source; the shown rows below them move down.
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        remapShownCells { path in
            var row = path.row
            for inserted in indexPaths.filter({ $0.section == path.section }).map(\.row).sorted() where inserted <= row {
                row += 1
            }
            return IndexPath(row: row, section: path.section)
        }
    }

    /// Rows were deleted from the data source; their cells end displaying and the rows below move up.
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        let deleted = Set(indexPaths)
        remapShownCells { path in
            guard !deleted.contains(path) else { return nil }
            let above = deleted.filter { $0.section == path.section && $0.row < path.row }.count
            return IndexPath(row: path.row - above, section: path.section)
        }
    }

    /// The rows' cells are asked for again.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        let reloaded = Set(indexPaths)
        remapShownCells { reloaded.contains($0) ? nil : $0 }
    }

    /// Runs inserts, deletes and reloads as one change, then the completion (with `true`: nothing animates).
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        layoutIfNeeded()
        completion?(true)
    }

    /// The cells on screen, top to bottom.
    open var visibleCells: [UITableViewCell] {
        shownCells.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The index paths of the rows on screen, top to bottom.
    open var indexPathsForVisibleRows: [IndexPath]? {
        shownCells.keys.sorted()
    }

    /// The cell shown for a row, or `nil` when the row is off screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        shownCells[indexPath]
    }

    /// The row a shown cell is at.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        shownCells.first { $0.value === cell }?.key
    }

    /// The row at a point of the table's content, if any.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        let cache = layoutCache
        for (section, layout) in cache.sections.enumerated() {
            for (row, origin) in layout.rowOrigins.enumerated()
            where point.y >= origin && point.y < origin + layout.rowHeights[row] {
                return IndexPath(row: row, section: section)
            }
        }
        return nil
    }

    /// A row's frame in the table's content.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        let cache = layoutCache
        guard cache.sections.indices.contains(indexPath.section),
              cache.sections[indexPath.section].rowOrigins.indices.contains(indexPath.row) else { return .zero }
        let section = cache.sections[indexPath.section]
        return CGRect(x: 0, y: section.rowOrigins[indexPath.row], width: bounds.width,
                      height: section.rowHeights[indexPath.row])
    }

    /// Scrolls so the row shows at a position, within the content's range.
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let rect = rectForRow(at: indexPath)
        var y: CGFloat
        switch scrollPosition {
        case .top: y = rect.minY
        case .middle: y = rect.midY - bounds.height / 2
        case .bottom: y = rect.maxY - bounds.height
        case .none:
            if rect.minY < contentOffset.y { y = rect.minY }
            else if rect.maxY > contentOffset.y + bounds.height { y = rect.maxY - bounds.height }
            else { return }
        }
        let range = contentOffsetRange
        y = min(max(y, range.min.y), range.max.y)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    /// The selected row, if any.
    open var indexPathForSelectedRow: IndexPath? { selectedRows.sorted().first }

    /// The selected rows, if any.
    open var indexPathsForSelectedRows: [IndexPath]? { selectedRows.isEmpty ? nil : selectedRows.sorted() }

    /// Selects a row without telling the delegate, as in UIKit.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else { return }
        if !allowsMultipleSelection { for other in selectedRows { deselectRow(at: other, animated: false) } }
        selectedRows.insert(indexPath)
        shownCells[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row without telling the delegate, as in UIKit.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selectedRows.remove(indexPath)
        shownCells[indexPath]?.setSelected(false, animated: animated)
    }

    /// Places the cells of the rows in view and queues those of rows that left.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let cache = layoutCache
        contentSize = CGSize(width: bounds.width, height: cache.height)
        let wanted = Set(rowsIntersecting(bounds, in: cache))
        for (path, cell) in shownCells.sorted(by: { $0.key < $1.key }) where !wanted.contains(path) {
            shownCells[path] = nil
            endDisplaying(cell, at: path)
        }
        for path in wanted.sorted() {
            if let cell = shownCells[path] {
                cell.frame = rectForRow(at: path)
                continue
            }
            guard let dataSource else { return }
            let cell = dataSource.tableView(self, cellForRowAt: path)
            cell.frame = rectForRow(at: path)
            cell.setSelected(selectedRows.contains(path), animated: false)
            if cell.superview !== self { addSubview(cell) }
            shownCells[path] = cell
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
        }
    }

    /// A tap that ends on a row selects it (UIKit selects on touch-up; a scroll's pan cancels the touch).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard allowsSelection, let touch = touches.first,
              let path = indexPathForRow(at: touch.location(in: self)) else { return }
        guard let target = tableDelegate?.tableView(self, willSelectRowAt: path) ?? Optional(path) else { return }
        if !allowsMultipleSelection {
            for other in selectedRows.sorted() where other != target {
                deselectRow(at: other, animated: false)
                tableDelegate?.tableView(self, didDeselectRowAt: other)
            }
        }
        selectedRows.insert(target)
        shownCells[target]?.setSelected(true, animated: false)
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    /// Touches on rows are the table's; they go no further up the responder chain.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}

    // MARK: - Internal

    /// The laid-out geometry of every section, from the data source and delegate.
    struct LayoutCache {
        struct Section {
            var rowOrigins: [CGFloat] = []
            var rowHeights: [CGFloat] = []
        }
        var sections: [Section] = []
        var height: CGFloat = 0
    }

    var tableDelegate: (any UITableViewDelegate)? { delegate as? any UITableViewDelegate }

    /// Moves shown cells to new index paths after a data change (`nil`: the cell ends displaying); the row
    /// updates and the diffable data source use it so unchanged rows keep their cells.
    func remapShownCells(_ transform: (IndexPath) -> IndexPath?) {
        var remapped: [IndexPath: UITableViewCell] = [:]
        for (path, cell) in shownCells.sorted(by: { $0.key < $1.key }) {
            if let newPath = transform(path) { remapped[newPath] = cell } else { endDisplaying(cell, at: path) }
        }
        shownCells = remapped
        invalidateLayoutCache()
    }

    // MARK: - Private

    private var registeredClasses: [String: UITableViewCell.Type] = [:]
    private var reuseQueues: [String: [UITableViewCell]] = [:]
    private var shownCells: [IndexPath: UITableViewCell] = [:]
    private var selectedRows: Set<IndexPath> = []
    private var storedLayoutCache: LayoutCache?

    private var layoutCache: LayoutCache {
        if let storedLayoutCache { return storedLayoutCache }
        let cache = buildLayoutCache()
        storedLayoutCache = cache
        return cache
    }

    private func invalidateLayoutCache() {
        storedLayoutCache = nil
        setNeedsLayout()
    }

    private func buildLayoutCache() -> LayoutCache {
        var cache = LayoutCache()
        guard let dataSource else { return cache }
        var y: CGFloat = 0
        let sections = max(0, dataSource.numberOfSections(in: self))
        for section in 0..<sections {
            let title = dataSource.tableView(self, titleForHeaderInSection: section)
            y += resolved(tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight,
                          hasTitle: title != nil)
            var layout = LayoutCache.Section()
            for row in 0..<max(0, dataSource.tableView(self, numberOfRowsInSection: section)) {
                let asked = tableDelegate?.tableView(self, heightForRowAt: IndexPath(row: row, section: section)) ?? rowHeight
                let height = asked < 0 ? 44 : asked
                layout.rowOrigins.append(y)
                layout.rowHeights.append(height)
                y += height
            }
            cache.sections.append(layout)
            let footer = dataSource.tableView(self, titleForFooterInSection: section)
            y += resolved(tableDelegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight,
                          hasTitle: footer != nil)
        }
        cache.height = y
        return cache
    }

    private func resolved(_ height: CGFloat, hasTitle: Bool) -> CGFloat {
        height < 0 ? (hasTitle ? 28 : 0) : height
    }

    private func rowsIntersecting(_ rect: CGRect, in cache: LayoutCache) -> [IndexPath] {
        var paths: [IndexPath] = []
        for (section, layout) in cache.sections.enumerated() {
            for (row, origin) in layout.rowOrigins.enumerated()
            where origin < rect.maxY && origin + layout.rowHeights[row] > rect.minY && layout.rowHeights[row] > 0 {
                paths.append(IndexPath(row: row, section: section))
            }
        }
        return paths
    }

    private func endDisplaying(_ cell: UITableViewCell, at path: IndexPath) {
        cell.removeFromSuperview()
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
        if let identifier = cell.reuseIdentifier { reuseQueues[identifier, default: []].append(cell) }
    }
}
