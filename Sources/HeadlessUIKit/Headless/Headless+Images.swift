import Foundation

extension Headless {
    // MARK: - Images

    /// Makes an image of a size (HeadlessUIKit keeps no pixels).
    /// - Parameters:
    ///   - size: The size in points.
    ///   - scale: Pixels per point.
    public static func image(size: CGSize, scale: CGFloat = 1) -> UIImage {
        UIImage(size: size, scale: scale)
    }

    /// Registers an image under a name, for ``UIImage/init(named:)`` to find (until ``reset()``). Each
    /// `UIImage(named:)` returns a new image of the registered size and scale.
    /// - Parameters:
    ///   - image: The image whose size and scale to register.
    ///   - name: The name.
    public static func registerImage(_ image: UIImage, named name: String) {
        ImageRegistry.shared.register(size: image.size, scale: image.scale, named: name)
    }
}
