import Foundation

extension ConsentFile {
    /// Loads the consent after folding in the files earlier versions kept in each write key's queue
    /// directory under `storageDirectory`: the most restrictive of all wins (an unreadable one counts as
    /// pending), it is saved here, and the old files are deleted once it is.
    ///
    /// Every old file is folded in, not only the current write key's, so rotating the key in the same
    /// release as this migration cannot turn a denial back into the default.
    /// - Parameters:
    ///   - storageDirectory: ``DeliveryConfiguration/storageDirectory``, holding one directory per write key.
    ///   - report: Receives a diagnostic when the merged value cannot be saved (the old files then stay,
    ///     and are merged again at the next launch).
    func loadMigrating(legacyUnder storageDirectory: URL, report: (TrackingDiagnostic) -> Void) -> Loaded {
        let loaded = load()
        let legacy = legacyFiles(under: storageDirectory)
        guard !legacy.isEmpty else { return loaded }
        var merged: DeliveryConsent?
        switch loaded {
        case .missing: merged = nil
        case .saved(let consent): merged = consent
        case .unreadable: merged = .pending
        }
        for file in legacy {
            guard case .saved(let consent) = file.load() else {
                merged = .pending.restricted(by: merged ?? .pending)
                continue
            }
            merged = consent.restricted(by: merged ?? consent)
        }
        guard let merged else { return loaded }
        do {
            try save(merged)
            for file in legacy {
                FileIO.removeItem(file.url.path)
            }
        } catch {
            report(TrackingDiagnostic(
                code: .consentStorageFailed,
                message: "could not move the consent saved per write key to the app's consent file; it applies, and is moved at the next launch"
            ))
        }
        return .saved(merged)
    }

    // MARK: - Private

    /// The consent files of earlier versions: `consent` in each directory directly under `directory`.
    private func legacyFiles(under directory: URL) -> [ConsentFile] {
        let children = (try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]
        )) ?? []
        return children
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .map { ConsentFile(directory: $0) }
            .filter { $0.url.standardizedFileURL != url.standardizedFileURL && $0.load() != .missing }
    }
}
