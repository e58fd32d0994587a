import Foundation

/// Keeps the tracker's ``TrackingIdentity`` in a small JSON file, so that the anonymous id survives
/// relaunches and a log-in survives until ``Tracker/reset()``.
///
/// Thread-safe: explicit calls reach it from any thread. The file is read at the first use, not at
/// creation, so a tracker that never records anything writes nothing; that first use also makes the
/// storage tree private (``StorageProtection``). While consent is denied (``persists`` is `false`) the
/// identity is kept in memory only and the file is removed.
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
        self.directory = directory
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

    /// Far more than any identity takes; a larger file is not read.
    private static let maximumFileSize = 64 << 10

    private let directory: URL
    private let fileURL: URL
    private let report: @Sendable (TrackingDiagnostic) -> Void
    private let lock = NSLock()
    private var current: TrackingIdentity?
    private var storesOnDisk: Bool

    /// The identity, read from the file (or created) the first time, after which the storage tree is made
    /// private; called with the lock held.
    private func loaded() -> TrackingIdentity {
        if let current { return current }
        defer { StorageProtection.apply(to: directory, report: report) }
        if storesOnDisk, let stored = read() {
            current = stored
            return stored
        }
        let fresh = TrackingIdentity()
        save(fresh)
        return fresh
    }

    /// The identity in the file, or `nil` (with a diagnostic unless there is no file).
    private func read() -> TrackingIdentity? {
        do {
            let bytes = try FileIO.readFile(fileURL.path, maximumSize: Self.maximumFileSize)
            if let stored = try? JSONDecoder().decode(TrackingIdentity.self, from: Data(bytes)) {
                return stored
            }
            report(TrackingDiagnostic(
                code: .identityStorageFailed,
                message: "identity.json is not a readable identity (\(bytes.count) bytes); a new anonymous id replaces it"
            ))
        } catch where !error.isMissing {
            report(TrackingDiagnostic(
                code: .identityStorageFailed,
                message: "identity.json cannot be read (\(TrackingDiagnostic.errorCodes(of: error))); a new anonymous id replaces it"
            ))
        } catch {}
        return nil
    }

    /// Makes `identity` current and writes it unless consent is denied; called with the lock held.
    private func save(_ identity: TrackingIdentity) {
        current = identity
        guard storesOnDisk else { return }
        do {
            try FileIO.makeDirectory(fileURL.deletingLastPathComponent().path)
            try FileIO.replaceFile(fileURL.path, with: Array(JSONEncoder().encode(identity)))
        } catch {
            report(TrackingDiagnostic(
                code: .identityStorageFailed,
                message: "could not save the identity (\(TrackingDiagnostic.errorCodes(of: error))); it is kept in memory only"
            ))
        }
    }
}
