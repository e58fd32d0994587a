import Foundation

/// Computes where a collection view's items go. Subclasses override ``prepare()``,
/// ``collectionViewContentSize``, ``layoutAttributesForElements(in:)`` and
/// ``layoutAttributesForItem(at:)``; the collection view asks again after ``invalidateLayout()``.
@MainActor
open class UICollectionViewLayout: NSObject {
    /// Creates a layout.
    public override init() {
        super.init()
    }

    /// Creates a layout from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init()
    }

    // MARK: - Public

    /// The collection view using the layout.
    open internal(set) weak var collectionView: UICollectionView?

    /// The size of all the content; the base layout has none.
    open var collectionViewContentSize: CGSize { .zero }

    /// Computes the layout; called before the collection view asks for attributes after an invalidation.
    open func prepare() {}

    /// The attributes of the items intersecting a rect of the content; the base layout has none.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of one item; the base layout has none.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Whether a bounds change needs a new layout: only a size change does here.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.bounds.size
    }

    /// Marks the layout for recomputing on the collection view's next layout pass.
    open func invalidateLayout() {
        isPrepared = false
        collectionView?.setNeedsLayout()
    }

    // MARK: - Internal

    var isPrepared = false

    func prepareIfNeeded() {
        guard !isPrepared else { return }
        isPrepared = true
        prepare()
    }
}
