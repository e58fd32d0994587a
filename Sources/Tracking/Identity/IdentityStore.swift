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

    /// Loads the identity kept in `directory`, or creates and saves a new one; when `persists` is `false`,
    /// removes the file instead and keeps a new identity in memory only.
    init(directory: URL, persists: Bool = true, report: @escaping @Sendable (TrackingDiagnostic) -> Void) {
        fileURL = directory.appendingPathComponent("identity.json", isDirectory: false)
        self.report = report
        self.persists = persists
        guard persists else {
            try? FileManager.default.removeItem(at: fileURL)
            identity = TrackingIdentity()
            return
        }
        if let data = try? Data(contentsOf: fileURL) {
            if let stored = try? JSONDecoder().decode(TrackingIdentity.self, from: data) {
                identity = stored
                return
            }
            report(TrackingDiagnostic(
                code: .identityStorageFailed,
                message: "identity.json holds no readable identity; a new anonymous id replaces it"
            ))
        }
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

    private let fileURL: URL
    private let report: @Sendable (TrackingDiagnostic) -> Void

    private func save() {
        guard persists else { return }
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
