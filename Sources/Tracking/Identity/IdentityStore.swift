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

    /// Loads the identity kept in `directory`, or creates and saves a new one, then makes the whole
    /// storage tree under `directory` private (``StorageProtection``).
    init(directory: URL, report: @escaping @Sendable (TrackingDiagnostic) -> Void) {
        fileURL = directory.appendingPathComponent("identity.json", isDirectory: false)
        self.report = report
        defer { StorageProtection.apply(to: directory, report: report) }
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
                message: "identity.json cannot be read (\(error)); a new anonymous id replaces it"
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
        do {
            try FileIO.makeDirectory(fileURL.deletingLastPathComponent().path)
            try FileIO.replaceFile(fileURL.path, with: Array(JSONEncoder().encode(identity)))
        } catch let failure as FileIO.Failure {
            reportSaveFailure("\(failure)")
        } catch {
            reportSaveFailure("encoding failed")
        }
    }

    private func reportSaveFailure(_ reason: String) {
        report(TrackingDiagnostic(
            code: .identityStorageFailed,
            message: "could not save the identity (\(reason)); it is kept in memory only"
        ))
    }
}
