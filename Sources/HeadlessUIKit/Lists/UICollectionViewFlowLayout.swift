import Foundation

/// A layout of items in lines: left to right then down (vertical scrolling), or top to bottom then right
/// (horizontal). Sizes and spacing come from the layout's properties, or from the delegate's
/// ``UICollectionViewDelegateFlowLayout/collectionView(_:layout:sizeForItemAt:)`` when it implements it.
/// Self-sizing (`estimatedItemSize`), headers and footers are stored but not modelled.
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// Creates a flow layout with UIKit's defaults: 50 x 50 items, 10 points between lines and items.
    public override init() {
        super.init()
    }

    /// Creates a layout from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: - Public

    /// The spacing between lines (rows when scrolling vertically).
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The minimum spacing between items of a line.
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The size of every item the delegate does not size.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// An estimate enabling self-sizing in UIKit; HeadlessUIKit stores it and uses exact sizes.
    open var estimatedItemSize: CGSize = .zero
    /// The direction the content scrolls in.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// The size of section headers (stored; headers are not modelled).
    open var headerReferenceSize: CGSize = .zero
    /// The size of section footers (stored; footers are not modelled).
    open var footerReferenceSize: CGSize = .zero
    /// The margins around each section's items.
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }

    /// The size of all the items with their spacing and insets.
    open override var collectionViewContentSize: CGSize { contentSize }

    /// Places every item in lines.
    open override func prepare() {
        super.prepare()
        frames = []
        contentSize = .zero
        guard let collectionView else { return }
        let vertical = scrollDirection == .vertical
        // The layout runs along the "main" axis and wraps across the "cross" axis's extent.
        let extent = vertical ? collectionView.bounds.width : collectionView.bounds.height
        var crossStart: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            let inset = sectionInset
            let leading = vertical ? inset.left : inset.top
            let trailing = vertical ? inset.right : inset.bottom
            var lineStart = crossStart + (vertical ? inset.top : inset.left)
            var line: [(index: Int, size: CGSize)] = []
            var sectionFrames: [CGRect] = []
            func closeLine() {
                guard !line.isEmpty else { return }
                let lengths = line.map { vertical ? $0.size.width : $0.size.height }
                let thickness = line.map { vertical ? $0.size.height : $0.size.width }.max() ?? 0
                let free = extent - leading - trailing - lengths.reduce(0, +)
                // UIKit spreads a line's items to both edges; a lone item is centred.
                let gap = line.count > 1 ? free / CGFloat(line.count - 1) : 0
                var position = leading + (line.count > 1 ? 0 : free / 2)
                for (offset, item) in line.enumerated() {
                    let along = thickness - (vertical ? item.size.height : item.size.width)
                    let origin = vertical
                        ? CGPoint(x: position, y: lineStart + along / 2)
                        : CGPoint(x: lineStart + along / 2, y: position)
                    sectionFrames[item.index] = CGRect(origin: origin, size: item.size)
                    position += lengths[offset] + gap
                }
                lineStart += thickness + minimumLineSpacing
                line = []
            }
            let count = collectionView.numberOfItems(inSection: section)
            for item in 0..<count {
                let size = flowDelegate?.collectionView(collectionView, layout: self,
                                                        sizeForItemAt: IndexPath(item: item, section: section)) ?? itemSize
                let length = vertical ? size.width : size.height
                let used = line.map { vertical ? $0.size.width : $0.size.height }.reduce(0, +)
                    + CGFloat(line.count) * minimumInteritemSpacing
                if !line.isEmpty && leading + used + length + trailing > extent { closeLine() }
                sectionFrames.append(.zero)
                line.append((item, size))
            }
            closeLine()
            if count > 0 { lineStart -= minimumLineSpacing }
            crossStart = lineStart + (vertical ? inset.bottom : inset.right)
            frames.append(sectionFrames)
        }
        contentSize = vertical
            ? CGSize(width: collectionView.bounds.width, height: crossStart)
            : CGSize(width: crossStart, height: collectionView.bounds.height)
    }

    /// The attributes of the items intersecting a rect, in index order.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result: [UICollectionViewLayoutAttributes] = []
        for (section, sectionFrames) in frames.enumerated() {
            for (item, frame) in sectionFrames.enumerated() where Self.overlaps(frame, rect) {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = frame
                result.append(attributes)
            }
        }
        return result
    }

    /// The attributes of one item, or `nil` when it does not exist.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, frames.indices.contains(indexPath.section),
              frames[indexPath.section].indices.contains(indexPath.item) else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frames[indexPath.section][indexPath.item]
        return attributes
    }

    // MARK: - Private

    /// Rects sharing only an edge do not overlap, as with CoreGraphics' `intersects`.
    private static func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX < b.maxX && a.maxX > b.minX && a.minY < b.maxY && a.maxY > b.minY
    }

    private var frames: [[CGRect]] = []
    private var contentSize: CGSize = .zero

    private var flowDelegate: (any UICollectionViewDelegateFlowLayout)? {
        collectionView?.delegate as? any UICollectionViewDelegateFlowLayout
    }
}
