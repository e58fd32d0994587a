import Foundation

/// Where a layout puts one item of a collection view.
@MainActor
open class UICollectionViewLayoutAttributes: NSObject {
    /// Attributes for the cell of an item.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Empty attributes at the first item of the first section.
    public override init() {
        super.init()
    }

    // MARK: - Public

    /// The item's frame in the collection view's content.
    open var frame: CGRect = .zero
    /// The frame's size.
    open var size: CGSize {
        get { frame.size }
        set { frame.size = newValue }
    }
    /// The frame's center.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// The item the attributes are for.
    open var indexPath = IndexPath(item: 0, section: 0)
    /// Whether the item is hidden; hidden items get no cell.
    open var isHidden = false
}
