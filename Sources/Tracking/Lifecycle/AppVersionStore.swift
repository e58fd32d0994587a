import Foundation

/// Keeps the app version and build the tracker last launched with, in `app-version.json` next to the
/// identity file, so that a launch can tell an install from an update.
///
/// The file holds the app's version and build only (no personal data), so it is kept whatever the person's
/// consent: an app installed while consent was denied is not "installed" again once it is granted.
/// It is written with `FileIO.replaceFile(_:with:)` (a temporary file renamed over the old one), so a
/// crash leaves the old version or the new one, never a torn file.
final class AppVersionStore: Sendable {
    // MARK: - Internal

    /// What the storage says about the previous launch.
    enum Previous: Equatable {
        /// The storage is empty: no version file and no identity file. A first launch.
        case none
        /// The storage holds a tracker's data but no readable version: Sightline came to an app already
        /// installed (a version without lifecycle events), or the file was unreadable.
        case unknown
        /// The version and build of the previous launch.
        case recorded(AppVersion)
    }

    /// - Parameters:
    ///   - directory: The tracker's storage directory.
    ///   - report: Receives diagnostics.
    init(directory: URL, report: @escaping @Sendable (TrackingDiagnostic) -> Void) {
        self.directory = directory
        fileURL = directory.appendingPathComponent("app-version.json", isDirectory: false)
        self.report = report
    }

    /// Reads what the previous launch left, after every save asked for before (``saveInBackground(_:)``).
    func previous() -> Previous {
        Self.fileQueue.sync { readPrevious() }
    }

    /// Saves `version` as the one this launch runs, on a queue of its own: the caller may be the main thread.
    func saveInBackground(_ version: AppVersion) {
        Self.fileQueue.async { [self] in save(version) }
    }

    /// Returns once every save asked for so far is done (tests).
    static func waitForSaves() {
        fileQueue.sync {}
    }

    // MARK: - Private

    /// Where the version file is read and written, in order, by every tracker of the process.
    private static let fileQueue = DispatchQueue(label: "Sightline.AppVersionStore", qos: .utility)

    private func readPrevious() -> Previous {
        do {
            let bytes = try FileIO.readFile(fileURL.path, maximumSize: Self.maximumFileSize)
            if let version = try? JSONDecoder().decode(AppVersion.self, from: Data(ShallowJSON.bounded(bytes).bytes)) {
                guard version.isWithinBounds else {
                    report(TrackingDiagnostic(
                        code: .lifecycleStorageFailed,
                        message: "app-version.json holds a version or build over \(AppVersion.maximumLength) UTF-8 bytes; "
                            + "no install or update is recorded at this launch"
                    ))
                    return .unknown
                }
                return .recorded(version)
            }
            report(TrackingDiagnostic(
                code: .lifecycleStorageFailed,
                message: "app-version.json is not a readable version (\(bytes.count) bytes); no install or update is recorded at this launch"
            ))
            return .unknown
        } catch where !error.isMissing {
            report(TrackingDiagnostic(
                code: .lifecycleStorageFailed,
                message: "app-version.json cannot be read (\(TrackingDiagnostic.errorCodes(of: error))); no install or update is recorded at this launch"
            ))
            return .unknown
        } catch {
            // The identity file is the first thing a tracker writes (IdentityStore's `identity.json`).
            let identityPath = directory.appendingPathComponent("identity.json", isDirectory: false).path
            FileSystemProbe.note("stat", identityPath)
            return FileManager.default.fileExists(atPath: identityPath) ? .unknown : .none
        }
    }

    private func save(_ version: AppVersion) {
        do {
            try FileIO.makeDirectory(directory.path)
            try FileIO.replaceFile(fileURL.path, with: Array(JSONEncoder().encode(version)))
        } catch {
            report(TrackingDiagnostic(
                code: .lifecycleStorageFailed,
                message: "could not save the app version (\(TrackingDiagnostic.errorCodes(of: error))); the next launch may record an install or update again"
            ))
        }
    }

    /// Far more than a version and a build take; a larger file is not read.
    private static let maximumFileSize = 4 << 10

    private let directory: URL
    private let fileURL: URL
    private let report: @Sendable (TrackingDiagnostic) -> Void
}
