import Foundation

/// A tracker's ``SharedStorageState``, found at its first use rather than at the tracker's creation: finding
/// it resolves the storage directory's real path (``StorageDirectoryKey``), a file-system call, which the
/// tracker makes in its load, off the main thread (ACCEPTANCE 55).
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
final class SharedStorageSlot: @unchecked Sendable {
    // MARK: - Internal

    /// - Parameters:
    ///   - directory: The tracker's storage directory.
    ///   - makeIdentityStore: Makes the identity store when no live tracker uses the directory.
    init(directory: URL, makeIdentityStore: @escaping @Sendable () -> IdentityStore) {
        self.directory = directory
        self.makeIdentityStore = makeIdentityStore
    }

    /// The state of the directory, found now if it was not yet (and `tracker` counted among its trackers).
    var state: SharedStorageState {
        lock.lock()
        defer { lock.unlock() }
        if let found { return found }
        let state = SharedStorageState.state(for: directory, makeIdentityStore: makeIdentityStore)
        if let tracker { state.add(tracker) }
        found = state
        return state
    }

    /// Sets the tracker counted among the state's trackers once it is found (at once, if it is).
    func register(_ tracker: Tracker) {
        lock.lock()
        defer { lock.unlock() }
        self.tracker = tracker
        found?.add(tracker)
    }

    // MARK: - Private

    private let directory: URL
    private let makeIdentityStore: @Sendable () -> IdentityStore
    private let lock = NSLock()
    private var found: SharedStorageState?
    private weak var tracker: Tracker?
}
