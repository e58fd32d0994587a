import Foundation

/// Keeps the tracker's ``TrackingIdentity`` in a small JSON file, so that the anonymous id survives
/// relaunches and a log-in and the user's traits survive until ``Tracker/reset()``.
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
            FileSystemProbe.note("unlink", fileURL.path)
            try? FileManager.default.removeItem(at: fileURL)
        }
    }

    /// Whether the identity is kept on disk (consent is not denied). Turning it off removes the file;
    /// turning it on saves the identity in memory.
    var persists: Bool {
        get {
            locked { storesOnDisk }
        }
        set {
            locked {
                guard newValue != storesOnDisk else { return }
                storesOnDisk = newValue
                if newValue {
                    save(loaded())
                } else {
                    FileSystemProbe.note("unlink", fileURL.path)
                    try? FileManager.default.removeItem(at: fileURL)
                }
            }
        }
    }

    /// Reads the saved identity now, if there is a file: the tracker calls it off the main thread at launch,
    /// so that the first event finds it in memory.
    /// - Parameter resolving: Whether events wait for the identity: then a new one is made (and saved) now
    ///   when there is no file. Otherwise nothing is written: a tracker that records nothing writes nothing.
    func preload(resolving: Bool) {
        locked {
            guard current == nil else { return }
            if !resolving {
                FileSystemProbe.note("stat", fileURL.path)
                guard storesOnDisk, FileManager.default.fileExists(atPath: fileURL.path) else { return }
            }
            _ = loaded()
        }
    }

    /// The current identity: the saved one, or a new one (saved) at the first use.
    var identity: TrackingIdentity {
        locked { loaded() }
    }

    /// Sets the user id (unless `nil`) and merges `traits` over the saved ones, or replaces them when
    /// `userID` names another user than the identified one; saves when anything changed.
    /// - Parameter bounded: The merged traits within the size limits; the diagnostics of its repairs go to its
    ///   second argument, and are reported once the store's lock is released.
    /// - Returns: The identity now.
    @discardableResult
    func identify(
        userID: String?, traits: TrackingProperties,
        bounded: (TrackingProperties, (TrackingDiagnostic) -> Void) -> TrackingProperties = { traits, _ in traits }
    ) -> TrackingIdentity {
        locked {
            var identity = loaded()
            let isAnotherUser = userID != nil && identity.userID != nil && userID != identity.userID
            if let userID { identity.userID = userID }
            if isAnotherUser {
                identity.traits = bounded(traits, note)
            } else if !traits.isEmpty {
                identity.traits = bounded(identity.traits.merging(traits) { _, new in new }, note)
            }
            if identity != current { save(identity) }
            return identity
        }
    }

    /// Sets the user id, keeping the traits (an alias names the same person), and saves.
    func alias(userID: String) {
        locked {
            var identity = loaded()
            identity.userID = userID
            save(identity)
        }
    }

    /// A new anonymous id, no user id, saved.
    func reset() {
        locked { save(TrackingIdentity()) }
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
    /// Diagnostics noted with the lock held, reported once it is released: a handler may record an event,
    /// which reads the identity.
    private var notedDiagnostics: [TrackingDiagnostic] = []

    /// Runs `body` with the lock held, then reports what it noted.
    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        let value = body()
        let diagnostics = notedDiagnostics
        notedDiagnostics.removeAll()
        lock.unlock()
        diagnostics.forEach(report)
        return value
    }

    /// Keeps `diagnostic` for ``locked(_:)`` to report; called with the lock held.
    private func note(_ diagnostic: TrackingDiagnostic) {
        notedDiagnostics.append(diagnostic)
    }

    /// The identity, read from the file (or created) the first time, after which the storage tree is made
    /// private; called with the lock held.
    private func loaded() -> TrackingIdentity {
        if let current { return current }
        defer { StorageProtection.apply(to: directory, report: note) }
        if storesOnDisk, let stored = read() {
            current = stored
            return stored
        }
        let fresh = TrackingIdentity()
        save(fresh)
        return fresh
    }

    /// The identity in the file, or `nil` (with a diagnostic unless there is no file). Each field is read
    /// within the API's bounds (``IdentityFile``): a bad one costs a diagnostic and that field, not the
    /// identity, and the repaired identity is written back.
    private func read() -> TrackingIdentity? {
        do {
            let bytes = try FileIO.readFile(fileURL.path, maximumSize: Self.maximumFileSize)
            if let file = IdentityFile(decoding: bytes, report: note) {
                if file.isRepaired { save(file.identity) }
                return file.identity
            }
            note(TrackingDiagnostic(
                code: .identityStorageFailed,
                message: "identity.json is not a readable identity (\(bytes.count) bytes); a new anonymous id replaces it"
            ))
        } catch where !error.isMissing {
            note(TrackingDiagnostic(
                code: .identityStorageFailed,
                message: "identity.json cannot be read (\(TrackingDiagnostic.errorCodes(of: error))); a new anonymous id replaces it"
            ))
        } catch {}
        return nil
    }

    /// Makes `identity` current and writes it unless consent is denied; called with the lock held. Traits
    /// too large for the file (bounded by size as counted for events, they can still grow when escaped)
    /// are left out of it with a diagnostic and kept in memory.
    private func save(_ identity: TrackingIdentity) {
        current = identity
        guard storesOnDisk else { return }
        do {
            try FileIO.makeDirectory(fileURL.deletingLastPathComponent().path)
            var bytes = Array(try JSONEncoder().encode(identity))
            if bytes.count > Self.maximumFileSize {
                note(TrackingDiagnostic(
                    code: .identityStorageFailed,
                    message: "the traits take \(bytes.count) bytes as JSON, over the file's \(Self.maximumFileSize); they are kept in memory only"
                ))
                var withoutTraits = identity
                withoutTraits.traits = [:]
                bytes = Array(try JSONEncoder().encode(withoutTraits))
            }
            try FileIO.replaceFile(fileURL.path, with: bytes)
        } catch {
            note(TrackingDiagnostic(
                code: .identityStorageFailed,
                message: "could not save the identity (\(TrackingDiagnostic.errorCodes(of: error))); it is kept in memory only"
            ))
        }
    }
}
