import Foundation

/// A scroll view of items placed by a ``UICollectionViewLayout``. As in UIKit, cells exist only for the
/// items on screen: each layout pass (which every scroll triggers) asks the layout for the items in the
/// bounds, asks the data source for the cells of items coming into view, places them at their frames, and
/// queues the cells of items that left for `dequeueReusableCell(withReuseIdentifier:for:)`, which calls
/// their `prepareForReuse()`.
///
/// UIKit's `delegate` is retyped to ``UICollectionViewDelegate``; Swift cannot retype an inherited
/// property, so here it stays `UIScrollViewDelegate` and the collection view uses it when it is a
/// ``UICollectionViewDelegate``. Supplementary and decoration views, prefetching, drag and drop,
/// self-sizing and animations are not modelled.
@MainActor
open class UICollectionView: UIScrollView {
    /// The axis a flow layout's content scrolls along.
    public enum ScrollDirection: Int, Sendable {
        /// Lines of items stacked downwards.
        case vertical = 0
        /// Columns of items stacked rightwards.
        case horizontal = 1
    }

    /// Where an item ends up when scrolled to; the empty set scrolls as little as shows the item.
    public struct ScrollPosition: OptionSet, Sendable {
        /// The raw bits, as in UIKit.
        public let rawValue: UInt
        /// Creates a position from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The item's top at the top of the bounds.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item centred vertically.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom at the bottom of the bounds.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the left of the bounds.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item centred horizontally.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the right of the bounds.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// Creates a collection view laid out by a layout.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    /// Creates a collection view from an archive; HeadlessUIKit decodes nothing and uses a flow layout.
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
    }

    // MARK: - Public

    /// The layout placing the items.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }
    /// Supplies the items.
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { reloadData() }
    }
    /// The delegate; a new one may size a flow layout's items differently, so the layout is computed again.
    open override weak var delegate: (any UIScrollViewDelegate)? {
        didSet { collectionViewLayout.invalidateLayout() }
    }
    /// Whether tapping an item selects it.
    open var allowsSelection = true
    /// Whether several items can be selected at once.
    open var allowsMultipleSelection = false

    /// Registers a cell class for an identifier; dequeuing creates it with `init(frame:)` when no cell is
    /// queued.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registeredClasses[identifier] = cellClass.flatMap { $0 as? UICollectionViewCell.Type }
    }

    /// A queued cell of the identifier (after its `prepareForReuse()`), a new one of the registered class,
    /// or, when the identifier is unknown, a diagnostic and a plain cell (UIKit throws an exception).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if var queue = reuseQueues[identifier], !queue.isEmpty {
            let cell = queue.removeLast()
            reuseQueues[identifier] = queue
            cell.prepareForReuse()
            return cell
        }
        guard let cellClass = registeredClasses[identifier] else {
            HeadlessDiagnostics.report(
                "dequeueReusableCell(withReuseIdentifier:for:): no class registered for '\(identifier)'")
            return UICollectionViewCell(headlessReuseIdentifier: identifier)
        }
        return cellClass.init(headlessReuseIdentifier: identifier)
    }

    /// The number of sections, from the data source.
    open var numberOfSections: Int { counts.count }

    /// The number of items in a section, from the data source.
    open func numberOfItems(inSection section: Int) -> Int {
        counts.indices.contains(section) ? counts[section] : 0
    }

    /// Forgets every item: the shown cells end displaying and are queued; the next layout asks again.
    open func reloadData() {
        for (path, cell) in shownCells.sorted(by: { $0.key < $1.key }) { endDisplaying(cell, at: path) }
        shownCells.removeAll()
        storedCounts = nil
        collectionViewLayout.invalidateLayout()
    }

    /// The cells on screen, in index order.
    open var visibleCells: [UICollectionViewCell] {
        shownCells.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The index paths of the items on screen, in index order.
    open var indexPathsForVisibleItems: [IndexPath] {
        shownCells.keys.sorted()
    }

    /// The cell shown for an item, or `nil` when the item is off screen.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        shownCells[indexPath]
    }

    /// The item a shown cell is at.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        shownCells.first { $0.value === cell }?.key
    }

    /// The item at a point of the content, if any.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        preparedLayout.layoutAttributesForElements(in: CGRect(origin: point, size: CGSize(width: 1, height: 1)))?
            .first { $0.frame.contains(point) && !$0.isHidden }?.indexPath
    }

    /// Where the layout puts an item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        preparedLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Scrolls so the item shows at a position, within the content's range. One vertical and one
    /// horizontal position may be combined; the empty set scrolls as little as shows the item.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let rect = layoutAttributesForItem(at: indexPath)?.frame else {
            HeadlessDiagnostics.report("scrollToItem(at:at:animated:): no item at \(indexPath)")
            return
        }
        contentSize = preparedLayout.collectionViewContentSize
        var offset = contentOffset
        offset.y = Self.target(rect.minY, rect.maxY, current: offset.y, extent: bounds.height,
                               start: scrollPosition.contains(.top), middle: scrollPosition.contains(.centeredVertically),
                               end: scrollPosition.contains(.bottom))
        offset.x = Self.target(rect.minX, rect.maxX, current: offset.x, extent: bounds.width,
                               start: scrollPosition.contains(.left),
                               middle: scrollPosition.contains(.centeredHorizontally),
                               end: scrollPosition.contains(.right))
        let range = contentOffsetRange
        offset.x = min(max(offset.x, range.min.x), range.max.x)
        offset.y = min(max(offset.y, range.min.y), range.max.y)
        setContentOffset(offset, animated: animated)
    }

    /// The selected items, or `nil` when none is.
    open var indexPathsForSelectedItems: [IndexPath]? { selectedItems.isEmpty ? nil : selectedItems.sorted() }

    /// Selects an item without telling the delegate, as in UIKit.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else { return }
        if !allowsMultipleSelection { for other in selectedItems { deselectItem(at: other, animated: false) } }
        selectedItems.insert(indexPath)
        shownCells[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item without telling the delegate, as in UIKit.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedItems.remove(indexPath)
        shownCells[indexPath]?.isSelected = false
    }

    /// Places the cells of the items in view and queues those of items that left.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if preparedSize != bounds.size {
            preparedSize = bounds.size
            collectionViewLayout.isPrepared = false
        }
        let layout = preparedLayout
        contentSize = layout.collectionViewContentSize
        var wanted: [IndexPath: CGRect] = [:]
        for attributes in layout.layoutAttributesForElements(in: bounds) ?? [] where !attributes.isHidden {
            wanted[attributes.indexPath] = attributes.frame
        }
        for (path, cell) in shownCells.sorted(by: { $0.key < $1.key }) where wanted[path] == nil {
            shownCells[path] = nil
            endDisplaying(cell, at: path)
        }
        for (path, frame) in wanted.sorted(by: { $0.key < $1.key }) {
            if let cell = shownCells[path] {
                cell.frame = frame
                continue
            }
            guard let dataSource else { return }
            let cell = dataSource.collectionView(self, cellForItemAt: path)
            cell.frame = frame
            cell.isSelected = selectedItems.contains(path)
            if cell.superview !== self { addSubview(cell) }
            shownCells[path] = cell
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
        }
    }

    /// A tap that ends on an item selects it (UIKit selects on touch-up; a scroll's pan cancels the touch).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard allowsSelection, let touch = touches.first,
              let path = indexPathForItem(at: touch.location(in: self)) else { return }
        if allowsMultipleSelection && selectedItems.contains(path) {
            guard collectionDelegate?.collectionView(self, shouldDeselectItemAt: path) ?? true else { return }
            deselectItem(at: path, animated: false)
            collectionDelegate?.collectionView(self, didDeselectItemAt: path)
            return
        }
        guard collectionDelegate?.collectionView(self, shouldSelectItemAt: path) ?? true else { return }
        if !allowsMultipleSelection {
            for other in selectedItems.sorted() where other != path {
                deselectItem(at: other, animated: false)
                collectionDelegate?.collectionView(self, didDeselectItemAt: other)
            }
        }
        selectedItems.insert(path)
        shownCells[path]?.isSelected = true
        collectionDelegate?.collectionView(self, didSelectItemAt: path)
    }

    /// Touches on items are the collection view's; they go no further up the responder chain.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}

    // MARK: - Internal

    var collectionDelegate: (any UICollectionViewDelegate)? { delegate as? any UICollectionViewDelegate }

    /// Moves shown cells to new index paths after a data change (`nil`: the cell ends displaying), then
    /// lays out again; the diffable data source uses it so unchanged items keep their cells.
    func remapShownCells(_ transform: (IndexPath) -> IndexPath?) {
        var remapped: [IndexPath: UICollectionViewCell] = [:]
        for (path, cell) in shownCells.sorted(by: { $0.key < $1.key }) {
            if let newPath = transform(path) { remapped[newPath] = cell } else { endDisplaying(cell, at: path) }
        }
        shownCells = remapped
        selectedItems = Set(selectedItems.compactMap(transform))
        storedCounts = nil
        collectionViewLayout.invalidateLayout()
    }

    // MARK: - Private

    private var registeredClasses: [String: UICollectionViewCell.Type] = [:]
    private var reuseQueues: [String: [UICollectionViewCell]] = [:]
    private var shownCells: [IndexPath: UICollectionViewCell] = [:]
    private var selectedItems: Set<IndexPath> = []
    private var storedCounts: [Int]?
    private var preparedSize: CGSize?

    private var counts: [Int] {
        if let storedCounts { return storedCounts }
        var counts: [Int] = []
        if let dataSource {
            for section in 0..<max(0, dataSource.numberOfSections(in: self)) {
                counts.append(max(0, dataSource.collectionView(self, numberOfItemsInSection: section)))
            }
        }
        storedCounts = counts
        return counts
    }

    private var preparedLayout: UICollectionViewLayout {
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout
    }

    private static func target(_ minimum: CGFloat, _ maximum: CGFloat, current: CGFloat, extent: CGFloat,
                               start: Bool, middle: Bool, end: Bool) -> CGFloat {
        if start { return minimum }
        if middle { return (minimum + maximum) / 2 - extent / 2 }
        if end { return maximum - extent }
        if minimum < current { return minimum }
        if maximum > current + extent { return maximum - extent }
        return current
    }

    private func endDisplaying(_ cell: UICollectionViewCell, at path: IndexPath) {
        cell.removeFromSuperview()
        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        if let identifier = cell.reuseIdentifier { reuseQueues[identifier, default: []].append(cell) }
    }
}
