import Foundation

/// Keeps the tracker's ``TrackingIdentity`` in a small JSON file, so that the anonymous id survives
/// relaunches and a log-in survives until ``Tracker/reset()``.
///
/// Thread-safe: explicit calls reach it from any thread. The file is read at the first use, not at
/// creation, so a tracker that never records anything writes nothing. While consent is denied
/// (``persists`` is `false`) nothing is read or written and the file is removed.
///
/// A file that cannot be read or written costs a diagnostic, never the identity of the running process:
/// the identity in memory stays authoritative until the file can be written again.
final class IdentityStore: @unchecked Sendable {
    // MARK: - Internal

    /// - Parameters:
    ///   - directory: Where `identity.json` is kept.
    ///   - persists: Whether the identity is kept on disk; when `false`, the file is removed at once.
    ///   - report: Receives diagnostics.
    init(directory: URL, persists: Bool = true, report: @escaping @Sendable (TrackingDiagnostic) -> Void) {
        fileURL = directory.appendingPathComponent("identity.json", isDirectory: false)
        self.report = report
        storesOnDisk = persists
        if !persists {
            try? FileManager.default.removeItem(at: fileURL)
        }
    }

    /// Whether the identity is kept on disk (consent is not denied). Turning it off removes the file;
    /// turning it on saves the identity in memory.
    var persists: Bool {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storesOnDisk
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            guard newValue != storesOnDisk else { return }
            storesOnDisk = newValue
            if newValue { save(loaded()) } else { try? FileManager.default.removeItem(at: fileURL) }
        }
    }

    /// The current identity: the saved one, or a new one (saved) at the first use.
    var identity: TrackingIdentity {
        lock.lock()
        defer { lock.unlock() }
        return loaded()
    }

    /// Sets the user id and saves.
    func identify(userID: String) {
        lock.lock()
        defer { lock.unlock() }
        var identity = loaded()
        identity.userID = userID
        save(identity)
    }

    /// A new anonymous id, no user id, saved.
    func reset() {
        lock.lock()
        defer { lock.unlock() }
        save(TrackingIdentity())
    }

    // MARK: - Private

    private let fileURL: URL
    private let report: @Sendable (TrackingDiagnostic) -> Void
    private let lock = NSLock()
    private var current: TrackingIdentity?
    private var storesOnDisk: Bool

    /// The identity, read from the file (or created) the first time; called with the lock held.
    private func loaded() -> TrackingIdentity {
        if let current { return current }
        if storesOnDisk, let data = try? Data(contentsOf: fileURL) {
            if let stored = try? JSONDecoder().decode(TrackingIdentity.self, from: data) {
                current = stored
                return stored
            }
            report(TrackingDiagnostic(
                code: .identityStorageFailed,
                message: "identity.json holds no readable identity; a new anonymous id replaces it"
            ))
        }
        let fresh = TrackingIdentity()
        save(fresh)
        return fresh
    }

    /// Makes `identity` current and writes it; called with the lock held.
    private func save(_ identity: TrackingIdentity) {
        current = identity
        guard storesOnDisk else { return }
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true
            )
            try JSONEncoder().encode(identity).write(to: fileURL, options: .atomic)
        } catch {
            report(TrackingDiagnostic(
                code: .identityStorageFailed,
                message: "could not save identity.json (\(TrackingDiagnostic.errorCodes(of: error))); the identity is kept in memory only"
            ))
        }
    }
}
