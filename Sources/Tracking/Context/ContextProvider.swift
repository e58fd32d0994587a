#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// Gathers the ``TrackingContext`` once and again only after something it holds may have changed: the
/// locale, the time zone, or the screen (the app becoming active again, where a display change shows).
///
/// The system posts locale and time-zone changes on any thread, so staleness is a locked flag.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
final class ContextProvider {
    // MARK: - Internal

    /// Observes the changes that make the context stale on `notificationCenter`.
    /// - Parameter gather: Reads the context; the system's by default.
    init(notificationCenter: NotificationCenter, gather: @escaping @MainActor () -> TrackingContext = { .current() }) {
        center = notificationCenter
        self.gather = gather
        let names: [Notification.Name] = [
            NSLocale.currentLocaleDidChangeNotification,
            .NSSystemTimeZoneDidChange,
            UIApplication.didBecomeActiveNotification,
        ]
        let staleness = staleness
        tokens = names.map { name in
            notificationCenter.addObserver(forName: name, object: nil, queue: nil) { _ in staleness.markStale() }
        }
    }

    deinit {
        for token in tokens {
            center.removeObserver(token)
        }
    }

    /// The context, gathered now if it is stale.
    @MainActor
    var current: TrackingContext {
        if let cached, !staleness.takeStale() { return cached }
        let fresh = gather()
        cached = fresh
        return fresh
    }

    // MARK: - Private

    private final class Staleness: @unchecked Sendable {
        private let lock = NSLock()
        private var stale = false

        func markStale() {
            lock.lock()
            stale = true
            lock.unlock()
        }

        /// Whether it was stale, clearing the flag.
        func takeStale() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            let was = stale
            stale = false
            return was
        }
    }

    private let center: NotificationCenter
    private let gather: @MainActor () -> TrackingContext
    private let staleness = Staleness()
    private var tokens: [any NSObjectProtocol] = []
    private var cached: TrackingContext?
}
