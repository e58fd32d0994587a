#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A row of the feed's table: the post's card, inset in the cell's content view. Reused for other posts as the
/// feed scrolls, as a real list reuses its cells; the card's tracking component follows the post it shows.
final class FeedTableCell: UITableViewCell {
    // MARK: - Internal

    static let reuseIdentifier = "FeedTableCell"

    /// The card, which carries the post's tracking component and answers taps.
    let card = FeedCell(frame: CGRect(x: 16, y: 8, width: 288, height: FeedViewController.rowHeight - 16))
    /// Called when the card is tapped; set for each post the cell shows.
    var onTap: (() -> Void)?

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        card.autoresizingMask = [.flexibleWidth]
        card.addAction(UIAction { [weak self] _ in self?.onTap?() }, for: .touchUpInside)
        contentView.addSubview(card)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        onTap = nil
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        card.frame = contentView.bounds.insetBy(dx: 16, dy: 8)
    }
}
