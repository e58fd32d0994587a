import Foundation

/// A view a collection view reuses; ``UICollectionViewCell`` is the one for items. It hears
/// ``prepareForReuse()`` just before `dequeueReusableCell(withReuseIdentifier:for:)` hands it out again.
@MainActor
open class UICollectionReusableView: UIView {
    /// Creates a view; a collection view creates registered classes with `init(frame:)`, as UIKit does.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Creates a view from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// How a collection view instantiates a registered class (Swift has no Objective-C runtime here): it
    /// runs the class's own `init(frame:)`. Subclasses that override `init(frame:)` and `init?(coder:)`, as
    /// on iOS, inherit it.
    public required convenience init(headlessReuseIdentifier reuseIdentifier: String) {
        self.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
    }

    // MARK: - Public

    /// The identifier the view is reused under (set by the collection view that created it).
    open internal(set) var reuseIdentifier: String?

    /// Called just before the view is dequeued again: reset per-item state here.
    open func prepareForReuse() {}
}
