#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The `quarantine/` folder: files the store cannot use are set aside there, not deleted, so that a
/// developer can look at them, but they may hold personal data, so the folder is bounded like the queue. It
/// keeps at most ``quarantinedFileLimit`` files and the store's byte cap, forgets files older than the age
/// cap (counted from when they were set aside, on the store's clock), and is emptied with every purge.
extension EventStore {
    // MARK: - Quarantine

    /// The most files `quarantine/` keeps; the oldest go first.
    static let quarantinedFileLimit = 16

    /// Moves `filePath` into `quarantine/` (deleting it when it cannot be moved) with a diagnostic, then
    /// applies the quarantine's caps. Call with the lock held.
    func quarantine(_ filePath: String, sequence: UInt64, reason: String) {
        let name = (filePath as NSString).lastPathComponent
        let destination = quarantinePath + "/" + name
        do {
            try prepareQuarantineFolder()
            try FileIO.renameItem(filePath, to: destination)
            FileIO.setModificationDate(destination, to: clock.now().date)
        } catch {
            FileIO.removeItem(filePath)
        }
        reportLocked(TrackingDiagnostic(
            code: .storeQuarantined,
            message: "segment \(sequence) (\((name as NSString).pathExtension) file) \(reason); "
                + "set aside in the \(SegmentNaming.quarantineFolder) folder so the queue goes on"
        ))
        enforceQuarantineCaps()
    }

    /// Deletes quarantined files over the age cap, then the oldest until the count and byte caps hold.
    /// Call with the lock held.
    func enforceQuarantineCaps() {
        let oldest = clock.now().date.addingTimeInterval(-limits.eventAge).timeIntervalSince1970
        var files = quarantinedFiles().compactMap { path in FileIO.sizeAndModification(path).map { (path, $0) } }
        files.sort { ($0.1.modified, $0.0) > ($1.1.modified, $1.0) }
        var keptCount = 0
        var keptBytes = 0
        var dropped = 0
        for (path, info) in files {
            if info.modified >= oldest, keptCount < Self.quarantinedFileLimit, keptBytes + info.size <= limits.storedByteCount {
                keptCount += 1
                keptBytes += info.size
            } else {
                FileIO.removeItem(path)
                dropped += 1
            }
        }
        if dropped > 0 {
            reportLocked(TrackingDiagnostic(
                code: .storeCapExceeded,
                message: "deleted \(dropped) quarantined file(s) over the quarantine's age cap of \(Int(limits.eventAge)) s, "
                    + "\(Self.quarantinedFileLimit) files or \(limits.storedByteCount) bytes"
            ))
        }
    }

    /// The paths of the files in `quarantine/`.
    func quarantinedFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: quarantinePath)) ?? []
        return names.map { quarantinePath + "/" + $0 }
    }

    private var quarantinePath: String {
        directoryPath + "/" + SegmentNaming.quarantineFolder
    }

    /// Makes `quarantine` a real directory: anything else by that name (a symbolic link would carry the
    /// store's files out of its directory) is removed first.
    private func prepareQuarantineFolder() throws(FileIO.Failure) {
        var status = stat()
        if lstat(quarantinePath, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            FileIO.removeItem(quarantinePath)
        }
        try FileIO.makeDirectory(quarantinePath)
    }
}
