import Foundation

/// What every tracker of the process on one storage directory shares: the identity (one ``IdentityStore``,
/// so a denial's removal of `identity.json` holds for all of them) and the person's consent (set on one
/// tracker, it applies to every other one on the directory). Keyed by ``StorageDirectoryKey``, so that two
/// paths to one directory (a symbolic link, `..`) are one state.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
final class SharedStorageState: @unchecked Sendable {
    // MARK: - Internal

    /// The identity of everyone recording on the directory.
    let identityStore: IdentityStore

    /// The state of `directory`, made with `makeIdentityStore` when no live tracker uses it.
    static func state(for directory: URL, makeIdentityStore: () -> IdentityStore) -> SharedStorageState {
        let key = StorageDirectoryKey.key(for: directory)
        registryLock.lock()
        defer { registryLock.unlock() }
        registry = registry.filter { $0.value.state != nil }
        if let state = registry[key]?.state { return state }
        let state = SharedStorageState(identityStore: makeIdentityStore())
        registry[key] = WeakState(state: state)
        return state
    }

    /// Counts `tracker` among those on the directory.
    func add(_ tracker: Tracker) {
        lock.lock()
        defer { lock.unlock() }
        trackers = trackers.filter { $0.tracker != nil } + [WeakTracker(tracker: tracker)]
    }

    /// The other live trackers on the directory.
    func trackers(besides tracker: Tracker) -> [Tracker] {
        lock.lock()
        defer { lock.unlock() }
        return trackers.compactMap(\.tracker).filter { $0 !== tracker }
    }

    // MARK: - Private

    private struct WeakState {
        weak var state: SharedStorageState?
    }

    private struct WeakTracker {
        weak var tracker: Tracker?
    }

    nonisolated(unsafe) private static var registry: [String: WeakState] = [:]
    private static let registryLock = NSLock()

    private let lock = NSLock()
    private var trackers: [WeakTracker] = []

    private init(identityStore: IdentityStore) {
        self.identityStore = identityStore
    }
}
