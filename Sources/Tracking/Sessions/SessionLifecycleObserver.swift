#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// Tells a ``SessionStore`` when the app goes to the background and returns to the foreground (will enter
/// foreground, or did become active, whichever comes first; the second finds nothing to do), from
/// `UIApplication`'s notifications on the tracker's notification center, through the tracker's mailbox, so
/// that each change comes in the order of the tracker's calls and no event is half-way through its stamp.
///
/// The store decides from the times alone, so it does not matter whether these observers run before or
/// after others of the same notifications (an `Application Backgrounded` or `Application Opened` event).
final class SessionLifecycleObserver: Sendable {
    // MARK: - Internal

    /// Starts observing; stops when released.
    init(notificationCenter: NotificationCenter, store: SessionStore, clock: any TrackingClock, mailbox: TrackerMailbox) {
        center = notificationCenter
        let background = notificationCenter.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
        ) { _ in
            mailbox.submit(readingClock: clock) { date in { store.didEnterBackground(at: date) } }
        }
        let foreground = notificationCenter.addObserver(
            forName: UIApplication.willEnterForegroundNotification, object: nil, queue: nil
        ) { _ in
            mailbox.submit(readingClock: clock) { date in { store.willEnterForeground(at: date) } }
        }
        // Also a return to the foreground: the only one a sceneless app posts at a foreground launch, where a
        // tracker created in the app delegate's initializer still reads the background state.
        let active = notificationCenter.addObserver(
            forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil
        ) { _ in
            mailbox.submit(readingClock: clock) { date in { store.willEnterForeground(at: date) } }
        }
        tokens = [background, foreground, active].map(Token.init)
    }

    deinit {
        for token in tokens {
            center.removeObserver(token.observer)
        }
    }

    // MARK: - Private

    /// An observation token; only handed to `removeObserver`, from whatever thread releases this.
    private struct Token: @unchecked Sendable {
        var observer: any NSObjectProtocol
    }

    private let center: NotificationCenter
    private let tokens: [Token]
}
