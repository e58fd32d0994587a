import Foundation

/// A collection item's view: custom content goes in ``contentView``. The default ``prepareForReuse()``
/// clears selection and highlight, as UIKit's does.
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// Creates a cell; a collection view creates registered classes with it.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        installContentView()
    }

    /// Creates a cell from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installContentView()
    }

    // MARK: - Public

    /// The view to add custom content to; it fills the cell.
    open private(set) var contentView = UIView()

    /// Whether the cell is selected.
    open var isSelected = false

    /// Whether the cell is highlighted.
    open var isHighlighted = false

    /// Clears selection and highlight.
    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    /// The content view fills the cell.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    // MARK: - Private

    private func installContentView() {
        contentView.frame = bounds
        addSubview(contentView)
    }
}
