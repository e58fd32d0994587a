import Foundation

/// An immutable image. HeadlessUIKit keeps no pixels: an image is its size and scale, and its identity.
///
/// ``init(named:)`` finds the images a test or demo registered with ``Headless/registerImage(_:named:)`` (an
/// app bundle's asset catalog does not exist headless); ``Headless/image(size:scale:)`` makes one.
open class UIImage: NSObject, @unchecked Sendable {
    /// Creates an empty image (zero size), as UIKit's `UIImage()` does.
    public override init() {
        storedSize = .zero
        storedScale = 1
        super.init()
    }

    /// The registered image with that name, or `nil` (as UIKit returns `nil` for a missing asset).
    /// - Parameter name: The image's name.
    public convenience init?(named name: String) {
        guard let image = ImageRegistry.shared.image(named: name) else { return nil }
        self.init(size: image.size, scale: image.scale)
    }

    /// The image's size in points (read-only and overridable, as UIKit's `size`).
    open var size: CGSize { storedSize }
    /// Pixels per point (read-only and overridable, as UIKit's `scale`).
    open var scale: CGFloat { storedScale }

    // MARK: - Internal

    init(size: CGSize, scale: CGFloat) {
        storedSize = size
        storedScale = scale
        super.init()
    }

    // MARK: - Private

    private let storedSize: CGSize
    private let storedScale: CGFloat
}
