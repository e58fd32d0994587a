#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// Gathers the ``TrackingContext`` on the main thread, where UIKit may be read, and hands out a snapshot
/// of it on any thread; gathers again only after something it holds may have changed: the locale, the
/// time zone, or the screen (the app becoming active again, where a display change shows).
///
/// The system posts locale and time-zone changes on any thread, and explicit events are recorded on any
/// thread, so the snapshot and its staleness are under a lock. A read on the main thread regathers a stale
/// snapshot at once; a read elsewhere returns the snapshot it has and asks the main thread to regather.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
final class ContextProvider: @unchecked Sendable {
    // MARK: - Internal

    /// Gathers the first snapshot and observes the changes that make it stale on `notificationCenter`.
    /// - Parameter gather: Reads the context; the system's by default.
    @MainActor
    init(notificationCenter: NotificationCenter, gather: @escaping @MainActor () -> TrackingContext = { .current() }) {
        center = notificationCenter
        self.gather = gather
        snapshot = gather()
        let names: [Notification.Name] = [
            NSLocale.currentLocaleDidChangeNotification,
            .NSSystemTimeZoneDidChange,
            UIApplication.didBecomeActiveNotification,
        ]
        tokens = names.map { name in
            notificationCenter.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in self?.markStale() }
        }
    }

    deinit {
        for token in tokens {
            center.removeObserver(token)
        }
    }

    /// The context: gathered again now if it is stale and this is the main thread, else the last snapshot.
    var current: TrackingContext {
        if Thread.isMainThread {
            return MainActor.assumeIsolated { currentOnMainThread() }
        }
        lock.lock()
        defer { lock.unlock() }
        if stale, !refreshRequested {
            refreshRequested = true
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { _ = self?.currentOnMainThread() }
            }
        }
        return snapshot
    }

    // MARK: - Private

    private let center: NotificationCenter
    private let gather: @MainActor () -> TrackingContext
    private let lock = NSLock()
    private var tokens: [any NSObjectProtocol] = []
    private var snapshot: TrackingContext
    private var stale = false
    private var refreshRequested = false

    private func markStale() {
        lock.lock()
        stale = true
        lock.unlock()
    }

    /// The snapshot, gathered again first if it is stale; UIKit is read outside the lock.
    @MainActor
    private func currentOnMainThread() -> TrackingContext {
        lock.lock()
        let wasStale = stale
        stale = false
        refreshRequested = false
        let cached = snapshot
        lock.unlock()
        guard wasStale else { return cached }
        let fresh = gather()
        lock.lock()
        snapshot = fresh
        lock.unlock()
        return fresh
    }
}
