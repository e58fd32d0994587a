#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// A tracker's one observer of the app's move to the background (`didEnterBackgroundNotification`, posted
/// by UIKit on the main thread): it runs the tracker's steps for that move in the order the tracker decides,
/// whatever order `NotificationCenter` calls its other observers in (see `Tracker+Background.swift`).
final class BackgroundMoveObserver: Sendable {
    // MARK: - Internal

    /// Starts observing; stops when released.
    /// - Parameters:
    ///   - notificationCenter: Where the application's notifications are observed.
    ///   - moved: What to do when the app has moved to the background; main thread.
    init(notificationCenter: NotificationCenter, moved: @escaping @MainActor @Sendable () -> Void) {
        center = notificationCenter
        token = Token(observer: notificationCenter.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
        ) { _ in
            // UIKit posts it on the main thread; a post from elsewhere (a test's) is moved there.
            if Thread.isMainThread {
                MainActor.assumeIsolated { moved() }
            } else {
                DispatchQueue.main.async { moved() }
            }
        })
    }

    deinit {
        center.removeObserver(token.observer)
    }

    // MARK: - Private

    /// An observation token; only handed to `removeObserver`, from whatever thread releases this.
    private struct Token: @unchecked Sendable {
        var observer: any NSObjectProtocol
    }

    private let center: NotificationCenter
    private let token: Token
}
