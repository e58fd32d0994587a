#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

#if !os(tvOS)
/// A behaviour that reports screenshots the user takes while its host is on screen.
///
/// Available on iOS, Mac Catalyst and visionOS, where UIKit posts `userDidTakeScreenshotNotification`
/// (tvOS has no such notification).
///
/// It observes `UIApplication.userDidTakeScreenshotNotification` only from ``afterAppearing(_:)`` until
/// ``afterDisappearing(_:)``, so a screenshot taken while another screen covers the host (a pushed screen,
/// a full-screen presentation, another tab) is not reported. The observer is removed on disappearance and
/// when the detector is released.
///
/// ```swift
/// add(behaviours: [
///     ScreenshotDetector(host: ProfileViewController.self) { profile in
///         profile.showShareBanner()
///     },
/// ])
/// ```
///
/// The closure receives the host, so it need not capture it (capturing `self` strongly in a closure the
/// host owns would keep the host alive forever). ``init(notificationCenter:host:didDetectScreenshot:)``
/// passes it with its own type; `init(notificationCenter:didDetectScreenshot:)` as a `UIViewController`,
/// or not at all when the closure takes no argument.
///
/// - Note: One detector may serve several hosts: it observes for each host separately, and reports each
///   host that is on screen when the user takes a screenshot. Removing a detector with
///   ``BehavioursRegistration/remove()`` while its host is on screen stops its hooks, and it stops
///   observing for that host once released.
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

    /// Creates a detector whose closure takes no argument, for code that needs no host.
    ///
    /// ```swift
    /// add(behaviours: [
    ///     ScreenshotDetector(notificationCenter: NotificationCenter.default) { /* Screenshot was detected */ },
    /// ])
    /// ```
    ///
    /// A trailing closure picks its initializer by its shape: `{ … }` that names no argument selects this
    /// one, `{ host in … }` (or one that uses `$0`) the one that passes the host.
    /// - Parameters:
    ///   - notificationCenter: Where UIKit posts `userDidTakeScreenshotNotification`; `.default` in an app.
    ///   - didDetectScreenshot: Called on the main actor after each screenshot taken while the host is on
    ///     screen.
    public convenience init(
        notificationCenter: NotificationCenter = .default,
        didDetectScreenshot: @escaping @MainActor () -> Void
    ) {
        self.init(notificationCenter: notificationCenter) { (_: UIViewController) in didDetectScreenshot() }
    }

    /// Creates a detector that passes its host with the host's own type, so the closure needs no downcast.
    ///
    /// ```swift
    /// ScreenshotDetector(host: ProfileViewController.self) { profile in profile.showShareBanner() }
    /// ```
    ///
    /// Added to a host of another type, it reports a programming error (debug builds stop at an
    /// assertion) at each screenshot instead of calling `didDetectScreenshot`.
    /// - Parameters:
    ///   - notificationCenter: Where UIKit posts `userDidTakeScreenshotNotification`; `.default` in an app.
    ///   - host: The type of the controllers this detector is added to.
    ///   - didDetectScreenshot: Called on the main actor after each screenshot taken while the host is on
    ///     screen, with the host.
    public convenience init<Host: UIViewController>(
        notificationCenter: NotificationCenter = .default,
        host: Host.Type,
        didDetectScreenshot: @escaping @MainActor (Host) -> Void
    ) {
        self.init(notificationCenter: notificationCenter) { viewController in
            guard let host = viewController as? Host else {
                BehavioursDiagnostics.assertionFailure("ScreenshotDetector for \(Host.self) added to \(type(of: viewController)); screenshot not reported.")
                return
            }
            didDetectScreenshot(host)
        }
    }

    /// Starts observing screenshots for `viewController`.
    /// - Parameter viewController: The host.
    public func afterAppearing(_ viewController: UIViewController) {
        observations[ObjectIdentifier(viewController)] = NotificationObservation(
            center: notificationCenter,
            name: UIApplication.userDidTakeScreenshotNotification
        ) { [weak self, weak viewController] in
            guard let self, let viewController else { return }
            self.didDetectScreenshot(viewController)
        }
    }

    /// Stops observing screenshots for `viewController`.
    /// - Parameter viewController: The host.
    public func afterDisappearing(_ viewController: UIViewController) {
        observations[ObjectIdentifier(viewController)] = nil
    }

    // MARK: - Internal

    /// Whether the detector is observing screenshots now, for any host.
    var isObserving: Bool { !observations.isEmpty }

    // MARK: - Private

    private let notificationCenter: NotificationCenter
    private let didDetectScreenshot: @MainActor (UIViewController) -> Void
    /// One observation per host that is on screen: a shared detector must not let one host's
    /// disappearance end another's observation.
    private var observations: [ObjectIdentifier: NotificationObservation] = [:]
}
#endif
