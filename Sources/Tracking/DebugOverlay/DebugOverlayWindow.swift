#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The debug overlay's window: above the app's windows, and nothing to anyone but the eye.
///
/// It never becomes key (nothing calls `makeKey()`), takes no touches (`isUserInteractionEnabled` is off and
/// `hitTest(_:with:)` answers `nil`, so UIKit hands a touch to the window below), is hidden from assistive
/// technologies, and the scanner leaves it out of every scan: it is neither tracked nor an occluder.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class DebugOverlayWindow: UIWindow {
    // MARK: - Internal

    /// Above alerts (`UIWindow.Level.alert` is 2000, the status bar 1000, app windows 0), so that what the
    /// overlay outlines is never drawn over it.
    static let level = UIWindow.Level.alert + 1

    /// Whether any overlay window was ever created in this process: until one is, the scanner skips even
    /// the check for them.
    private(set) static var hasBeenCreated = false

    /// Creates a hidden, touch-transparent, inaccessible window in `windowScene`.
    override init(windowScene: UIWindowScene) {
        Self.hasBeenCreated = true
        super.init(windowScene: windowScene)
        windowLevel = Self.level
        backgroundColor = nil
        isOpaque = false
        isUserInteractionEnabled = false
        isAccessibilityElement = false
        accessibilityElementsHidden = true
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("DebugOverlayWindow is not loaded from archives")
    }

    /// No view of the overlay takes a touch: UIKit moves on to the window below.
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        nil
    }
}
