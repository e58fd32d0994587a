import Foundation

/// Deleting every event at once (on a consent denial), quarantined files included: they may hold personal data.
extension EventStore {
    // MARK: - Purging

    /// Deletes every event, sealed or not, and every quarantined file.
    func purge() {
        deleteDetached(detachAll())
    }

    /// Takes every event out of the store at once (the open segment closed, the sealed list emptied) without
    /// touching the files: no append or reader sees them any more. Returns the files, quarantined ones
    /// included, for ``deleteDetached(_:)``.
    func detachAll() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        var paths: [String] = []
        if let open = openSegment {
            FileIO.closeDescriptor(open.fd)
            paths.append(open.path)
            openSegment = nil
        }
        for segment in sealed {
            paths += [path(segment.sequence, .seg), path(segment.sequence, .ack)]
        }
        sealed.removeAll()
        sealedByteCount = 0
        return paths + quarantinedFiles()
    }

    /// Deletes files that ``detachAll()`` returned and flushes the directory.
    func deleteDetached(_ paths: [String]) {
        paths.forEach(FileIO.removeItem)
        synchronizeDirectory()
    }
}
