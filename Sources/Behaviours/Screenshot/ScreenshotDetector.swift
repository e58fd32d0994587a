#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// A behaviour that reports screenshots the user takes while its host is on screen.
///
/// It observes `UIApplication.userDidTakeScreenshotNotification` only from ``afterAppearing(_:)`` until
/// ``afterDisappearing(_:)``, so a screenshot taken while another screen covers the host (a pushed screen,
/// a full-screen presentation, another tab) is not reported. The observer is removed on disappearance and
/// when the detector is released.
///
/// ```swift
/// add(behaviours: [
///     ScreenshotDetector(notificationCenter: .default) { host in
///         host.present(ShareProfileViewController(), animated: true)
///     },
/// ])
/// ```
///
/// The closure receives the host, so it need not capture it (capturing `self` strongly in a closure the
/// host owns would keep the host alive forever).
///
/// - Note: Use one detector per host. Removing a detector with ``BehavioursRegistration/remove()`` while its
///   host is on screen stops its hooks, and it stops observing once released.
@MainActor
public final class ScreenshotDetector: ViewControllerLifecycleBehaviour {
    // MARK: - Public

    /// Creates a detector.
    /// - Parameters:
    ///   - notificationCenter: Where UIKit posts `userDidTakeScreenshotNotification`; `.default` in an app.
    ///   - didDetectScreenshot: Called on the main actor after each screenshot taken while the host is on
    ///     screen, with the host.
    public init(
        notificationCenter: NotificationCenter = .default,
        didDetectScreenshot: @escaping @MainActor (UIViewController) -> Void
    ) {
        self.notificationCenter = notificationCenter
        self.didDetectScreenshot = didDetectScreenshot
    }

    /// Starts observing screenshots for `viewController`.
    /// - Parameter viewController: The host.
    public func afterAppearing(_ viewController: UIViewController) {
        observation = NotificationObservation(
            center: notificationCenter,
            name: UIApplication.userDidTakeScreenshotNotification
        ) { [weak self, weak viewController] in
            guard let self, let viewController else { return }
            self.didDetectScreenshot(viewController)
        }
    }

    /// Stops observing screenshots.
    /// - Parameter viewController: The host.
    public func afterDisappearing(_ viewController: UIViewController) {
        observation = nil
    }

    // MARK: - Internal

    /// Whether the detector is observing screenshots now.
    var isObserving: Bool { observation != nil }

    // MARK: - Private

    private let notificationCenter: NotificationCenter
    private let didDetectScreenshot: @MainActor (UIViewController) -> Void
    private var observation: NotificationObservation?
}
