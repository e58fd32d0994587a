#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// Records Segment's application lifecycle events for a ``Tracker``: `Application Installed` or
/// `Application Updated` at the tracker's creation, `Application Opened` at the launch and on every return to
/// the foreground, `Application Backgrounded` on leaving it (when the tracker calls ``didEnterBackground()``).
///
/// It follows the application's notifications, which UIKit posts in scene-based apps too, once for the whole
/// app (`willEnterForegroundNotification` only when every scene was in the background,
/// `didEnterBackgroundNotification` only when the last one leaves), where per-scene notifications would count
/// each window of an iPad app as an open. It also takes a scene's `willEnterForegroundNotification`, which
/// UIKit posts just before the application's, as the start of an open from the background: a deep link
/// handed to the scene from then on belongs to it; later scenes of an app already open change nothing.
///
/// An open is recorded when the app becomes active, not when it begins to enter the foreground: a deep link
/// the app receives in between (`scene(_:willConnectTo:options:)`, `scene(_:openURLContexts:)`) is the reason
/// it opened, and its `url` and `referring_application` ride on the `Application Opened`. A return from a
/// mere interruption (Control Center, a call declined) posts `didBecomeActiveNotification` without
/// `willEnterForegroundNotification` and opens nothing. A tracker created while the app is already active
/// records the open at once; one created during the launch (`.inactive`) at the first activation; one
/// created in the background at the first return to the foreground, with `from_background` true.
///
/// Thread-safe: notifications arrive on the main thread, deep links from any thread; events are recorded
/// outside the lock, through the tracker's own call path.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
final class ApplicationLifecycleMonitor: @unchecked Sendable {
    // MARK: - Internal

    /// Records one event through the tracker (`track(_:properties:)`).
    typealias Record = @Sendable (TrackingEventName, TrackingProperties) -> Void

    /// - Parameters:
    ///   - notificationCenter: Where the application's notifications are observed.
    ///   - version: The running app's version and build.
    ///   - store: Where the previous launch's version is kept.
    init(notificationCenter: NotificationCenter, version: AppVersion, store: AppVersionStore) {
        center = notificationCenter
        self.version = version
        self.store = store
    }

    /// Reads what the previous launch left (the version file), for ``installOrUpdate()``: the tracker calls it
    /// in its load, off the main thread, before anything creates the identity file.
    func readPreviousLaunch() {
        let previous = store.previous()
        lock.withLock { previousLaunch = previous }
    }

    /// The `Application Installed` or `Application Updated` event this launch is, if any, from what the
    /// previous launch left (read by ``readPreviousLaunch()``, or now), and what saves this launch's version.
    /// The version is saved by `afterwards`, called once the event is recorded, off the calling thread: a
    /// process killed in between records it again at the next launch rather than never.
    func installOrUpdate() -> (event: (TrackingEventName, TrackingProperties)?, afterwards: () -> Void) {
        let previous = lock.withLock { previousLaunch } ?? store.previous()
        let afterwards = { [store, version] in
            if previous != .recorded(version) { store.saveInBackground(version) }
        }
        return (event(after: previous), afterwards)
    }

    /// The event a launch after `previous` records, if any.
    private func event(after previous: AppVersionStore.Previous) -> (TrackingEventName, TrackingProperties)? {
        switch previous {
        case .none:
            return (.applicationInstalled, ["version": .string(version.version), "build": .string(version.build)])
        case .recorded(let old) where old != version:
            return (.applicationUpdated, [
                "previous_version": .string(old.version), "previous_build": .string(old.build),
                "version": .string(version.version), "build": .string(version.build),
            ])
        case .recorded, .unknown:
            return nil
        }
    }

    deinit {
        for token in tokens {
            center.removeObserver(token)
        }
    }

    /// Records the install or the update, and the open when the app is already active; then observes.
    /// - Parameter record: Records an event through the tracker (which does not exist yet when the monitor
    ///   is created).
    /// - Parameter deciding: Records the event its argument names, if any, deciding it when the call is
    ///   delivered (off the main thread at launch): the install or update, read from the version file.
    @MainActor
    func begin(
        recording record: @escaping Record,
        deciding: (@escaping @Sendable () -> (event: (TrackingEventName, TrackingProperties)?, afterwards: () -> Void)) -> Void
    ) {
        self.record = record
        deciding { [self] in installOrUpdate() }

        // Not a switch: UIKit's enum is open (an `@unknown default` there), HeadlessUIKit's is not.
        let state = UIApplication.shared.applicationState
        if state == .active {
            phase = .open
            recordOpened(Opening(fromBackground: false))
        } else if state == .background {
            phase = .background
        } else {
            phase = .opening(Opening(fromBackground: false))
        }
        observe(UIScene.willEnterForegroundNotification) { $0.willEnterForeground() }
        observe(UIApplication.willEnterForegroundNotification) { $0.willEnterForeground() }
        observe(UIApplication.didBecomeActiveNotification) { $0.didBecomeActive() }
        // `didEnterBackgroundNotification` is the tracker's: it records `Application Backgrounded` through
        // ``didEnterBackground()`` after the screens' ends and before its sinks upload.
    }

    /// Notes a deep link: while an open is pending, it is the open's `url` and `referring_application`.
    /// - Parameters:
    ///   - url: The cleaned URL.
    ///   - referringApplication: The app that asked to open it, when known.
    func noteDeepLink(url: String, referringApplication: String?) {
        lock.withLock {
            guard case .opening(var opening) = phase else { return }
            opening.url = url
            opening.referringApplication = referringApplication
            phase = .opening(opening)
        }
    }

    /// Records `Application Backgrounded` (and an open never recorded because the app never became active)
    /// when the app leaves the foreground; nothing when it was in the background already. The tracker calls
    /// it from its one observer of `didEnterBackgroundNotification` (see `Tracker+Background.swift`).
    func didEnterBackground() {
        let left: Phase = lock.withLock {
            defer { phase = .background }
            return phase
        }
        switch left {
        case .background:
            return
        case .opening(let opening):
            // On screen without ever becoming active (a launch interrupted at once): it was open all the same.
            recordOpened(opening)
        case .open:
            break
        }
        record(.applicationBackgrounded, [:])
    }

    // MARK: - Private

    /// An `Application Opened` waiting for the app to become active.
    private struct Opening {
        var fromBackground: Bool
        var url: String?
        var referringApplication: String?
    }

    private enum Phase {
        /// In the background (or not yet known): the next foreground entry opens the app.
        case background
        /// Entering the foreground; the open is recorded when the app becomes active.
        case opening(Opening)
        /// Open (recorded); until the app enters the background.
        case open
    }

    private let center: NotificationCenter
    private let version: AppVersion
    private let store: AppVersionStore
    /// Set once by ``begin(recording:)``, on the main thread, before any notification is observed.
    private var record: Record = { _, _ in }
    private let lock = NSLock()
    /// What ``readPreviousLaunch()`` read.
    private var previousLaunch: AppVersionStore.Previous?
    private var phase = Phase.background
    private var tokens: [any NSObjectProtocol] = []

    private func observe(_ name: Notification.Name, handler: @escaping @Sendable (ApplicationLifecycleMonitor) -> Void) {
        tokens.append(center.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
            if let self { handler(self) }
        })
    }

    private func willEnterForeground() {
        lock.withLock {
            guard case .background = phase else { return }
            phase = .opening(Opening(fromBackground: true))
        }
    }

    private func didBecomeActive() {
        let opening: Opening? = lock.withLock {
            guard case .opening(let opening) = phase else { return nil }
            phase = .open
            return opening
        }
        if let opening { recordOpened(opening) }
    }

    private func recordOpened(_ opening: Opening) {
        var properties: TrackingProperties = [
            "from_background": .bool(opening.fromBackground),
            "version": .string(version.version), "build": .string(version.build),
        ]
        if let url = opening.url { properties["url"] = .string(url) }
        if let referrer = opening.referringApplication { properties["referring_application"] = .string(referrer) }
        record(.applicationOpened, properties)
    }
}
