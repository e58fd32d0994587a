import Foundation

/// Keeps the tracker's ``TrackingIdentity`` in a small JSON file, so that the anonymous id survives
/// relaunches and a log-in survives until ``Tracker/reset()``.
///
/// A file that cannot be read or written costs a diagnostic, never the identity of the running process:
/// the identity in memory stays authoritative until the file can be written again.
@MainActor
final class IdentityStore {
    // MARK: - Internal

    /// The current identity.
    private(set) var identity: TrackingIdentity

    /// Whether the identity is kept on disk (consent is not denied). Turning it off removes the file;
    /// turning it on saves the identity in memory.
    var persists: Bool {
        didSet {
            guard persists != oldValue else { return }
            if persists { save() } else { try? FileManager.default.removeItem(at: fileURL) }
        }
    }

    /// Loads the identity kept in `directory`, or creates and saves a new one, then makes the whole storage
    /// tree under `directory` private (``StorageProtection``); when `persists` is `false`, removes the file
    /// instead and keeps a new identity in memory only.
    init(directory: URL, persists: Bool = true, report: @escaping @Sendable (TrackingDiagnostic) -> Void) {
        fileURL = directory.appendingPathComponent("identity.json", isDirectory: false)
        self.report = report
        self.persists = persists
        defer { StorageProtection.apply(to: directory, report: report) }
        guard persists else {
            try? FileManager.default.removeItem(at: fileURL)
            identity = TrackingIdentity()
            return
        }
        do {
            let bytes = try FileIO.readFile(fileURL.path, maximumSize: Self.maximumFileSize)
            if let stored = try? JSONDecoder().decode(TrackingIdentity.self, from: Data(bytes)) {
                identity = stored
                return
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
        identity = TrackingIdentity()
        save()
    }

    /// Sets the user id and saves.
    func identify(userID: String) {
        identity.userID = userID
        save()
    }

    /// A new anonymous id, no user id, saved.
    func reset() {
        identity = TrackingIdentity()
        save()
    }

    // MARK: - Private

    /// Far more than any identity takes; a larger file is not read.
    private static let maximumFileSize = 64 << 10

    private let fileURL: URL
    private let report: @Sendable (TrackingDiagnostic) -> Void

    private func save() {
        guard persists else { return }
        do {
            try FileIO.makeDirectory(fileURL.deletingLastPathComponent().path)
            try FileIO.replaceFile(fileURL.path, with: Array(JSONEncoder().encode(identity)))
        } catch {
            reportSaveFailure(TrackingDiagnostic.errorCodes(of: error))
        }
    }

    private func reportSaveFailure(_ reason: String) {
        report(TrackingDiagnostic(
            code: .identityStorageFailed,
            message: "could not save the identity (\(reason)); it is kept in memory only"
        ))
    }
}
