import Foundation

// Only ScreenshotDetector uses it, and tvOS has no screenshot notification.
#if !os(tvOS)
/// A block-based notification observer that is removed when this object is released.
///
/// The handler runs on the main actor: at once when the notification is posted on the main thread (UIKit
/// posts its application notifications there), or on the next main-actor turn when posted elsewhere, rather
/// than trapping.
final class NotificationObservation {
    // MARK: - Internal

    init(center: NotificationCenter, name: Notification.Name, handler: @escaping @MainActor () -> Void) {
        self.center = center
        token = center.addObserver(forName: name, object: nil, queue: nil) { _ in
            if Thread.isMainThread {
                MainActor.assumeIsolated { handler() }
            } else {
                Task { @MainActor in handler() }
            }
        }
    }

    deinit {
        center.removeObserver(token)
    }

    // MARK: - Private

    private let center: NotificationCenter
    private let token: any NSObjectProtocol
}
#endif
