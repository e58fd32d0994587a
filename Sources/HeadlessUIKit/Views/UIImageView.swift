import Foundation

/// A view that shows an image (HeadlessUIKit draws nothing).
///
/// As in UIKit, an image view takes no touches by default (`isUserInteractionEnabled` is `false`), and
/// ``init(image:)`` sizes the view to its image.
@MainActor
open class UIImageView: UIView {
    /// Creates an image view sized to the image (a zero frame for `nil`).
    /// - Parameter image: The image.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        isUserInteractionEnabled = false
    }

    /// Creates an image view sized to the image, with an image for the highlighted state.
    /// - Parameters:
    ///   - image: The image.
    ///   - highlightedImage: The image shown while ``isHighlighted``.
    public init(image: UIImage?, highlightedImage: UIImage?) {
        // Designated, as every initializer UIKit's header declares for UIImageView: a subclass may call it.
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        self.highlightedImage = highlightedImage
        isUserInteractionEnabled = false
    }

    /// Creates an empty image view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Creates an image view from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// The image, `nil` by default.
    open var image: UIImage?
    /// The image shown while ``isHighlighted``, `nil` by default.
    open var highlightedImage: UIImage?
    /// Whether the view shows ``highlightedImage`` (`false` by default).
    open var isHighlighted = false
}
