import Foundation

/// An immutable image. HeadlessUIKit keeps no pixels: an image is its size and scale, and its identity.
///
/// ``init(named:)`` finds the images a test or demo registered with ``Headless/registerImage(_:named:)`` (an
/// app bundle's asset catalog does not exist headless); ``Headless/image(size:scale:)`` makes one.
open class UIImage: NSObject, @unchecked Sendable {
    /// Creates an empty image (zero size), as UIKit's `UIImage()` does.
    public override init() {
        size = .zero
        scale = 1
        super.init()
    }

    /// The registered image with that name, or `nil` (as UIKit returns `nil` for a missing asset).
    /// - Parameter name: The image's name.
    public convenience init?(named name: String) {
        guard let image = ImageRegistry.shared.image(named: name) else { return nil }
        self.init(size: image.size, scale: image.scale)
    }

    /// The image's size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat

    // MARK: - Internal

    init(size: CGSize, scale: CGFloat) {
        self.size = size
        self.scale = scale
        super.init()
    }
}
