import Foundation

/// The images that ``UIImage/init(named:)`` finds, by name: HeadlessUIKit's stand-in for an asset catalog.
/// `UIImage` is usable from any thread, so the registry is locked.
final class ImageRegistry: @unchecked Sendable {
    static let shared = ImageRegistry()

    /// The size and scale registered under `name`.
    func image(named name: String) -> (size: CGSize, scale: CGFloat)? {
        lock.lock()
        defer { lock.unlock() }
        return images[name]
    }

    /// Registers (or replaces) the image under `name`.
    func register(size: CGSize, scale: CGFloat, named name: String) {
        lock.lock()
        defer { lock.unlock() }
        images[name] = (size, scale)
    }

    /// Forgets every registered image.
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        images.removeAll()
    }

    // MARK: - Private

    private let lock = NSLock()
    // Guarded by `lock`.
    private var images: [String: (size: CGSize, scale: CGFloat)] = [:]
}
