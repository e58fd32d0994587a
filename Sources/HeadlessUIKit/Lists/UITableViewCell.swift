import Foundation

/// A table row's view. A reused cell hears ``prepareForReuse()`` just before
/// `dequeueReusableCell(withIdentifier:)` hands it out again.
@MainActor
open class UITableViewCell: UIView {
    /// The cell's predefined layouts (HeadlessUIKit lays out none of them).
    public enum CellStyle: Int, Sendable {
        /// A label on the left.
        case `default` = 0
        /// A label on the left and a detail label on the right.
        case value1 = 1
        /// A detail label next to a label.
        case value2 = 2
        /// A label above a detail label.
        case subtitle = 3
    }

    /// Creates a cell of a style, reusable under an identifier.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        installContentView()
    }

    /// Creates a cell from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        style = .default
        reuseIdentifier = nil
        super.init(coder: coder)
        installContentView()
    }

    /// Creates a default-style cell with no reuse identifier.
    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// How a table view instantiates a registered class (Swift has no Objective-C runtime here): it runs the
    /// class's own `init(style:reuseIdentifier:)`. Subclasses that override `init(style:reuseIdentifier:)`
    /// and `init?(coder:)`, as on iOS, inherit it.
    public required convenience init(headlessReuseIdentifier reuseIdentifier: String) {
        self.init(style: .default, reuseIdentifier: reuseIdentifier)
    }

    // MARK: - Public

    /// The identifier the cell is reused under.
    open private(set) var reuseIdentifier: String?

    /// The view to add custom content to; it fills the cell.
    open private(set) var contentView = UIView()

    /// The primary label, created on first use inside ``contentView``.
    open var textLabel: UILabel? {
        if let label = storedTextLabel { return label }
        let label = UILabel(frame: contentView.bounds)
        contentView.addSubview(label)
        storedTextLabel = label
        return label
    }

    /// The secondary label of the `value1`, `value2` and `subtitle` styles; `nil` for `default`.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if let label = storedDetailTextLabel { return label }
        let label = UILabel(frame: contentView.bounds)
        contentView.addSubview(label)
        storedDetailTextLabel = label
        return label
    }

    /// Whether the cell is selected.
    open var isSelected = false

    /// Whether the cell is highlighted.
    open var isHighlighted = false

    /// Sets the selection state (animation is not modelled).
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
    }

    /// Called just before the cell is dequeued again: reset per-row state here. The default clears
    /// selection and highlight, as UIKit's does.
    open func prepareForReuse() {
        isSelected = false
        isHighlighted = false
    }

    /// The content view fills the cell.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    // MARK: - Internal

    let style: CellStyle
    private var storedTextLabel: UILabel?
    private var storedDetailTextLabel: UILabel?

    private func installContentView() {
        contentView.frame = bounds
        addSubview(contentView)
    }
}
