#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The persisted ``DeliveryConsent`` of one write key: a file named `consent` in its queue directory
/// holding the raw value, replaced atomically and durably.
struct ConsentFile: Sendable {
    // MARK: - Internal

    /// What ``load()`` found.
    enum Loaded: Equatable {
        /// No consent was ever saved: the configuration's default applies.
        case missing
        /// The saved consent.
        case saved(DeliveryConsent)
        /// The file exists but cannot be read or does not hold a consent: the sink must not guess
        /// (`granted` would fail open), so it treats this as `pending`.
        case unreadable(String)
    }

    /// The file's location.
    let url: URL

    /// - Parameter directory: The write key's queue directory.
    init(directory: URL) {
        url = directory.appendingPathComponent("consent", isDirectory: false)
    }

    /// The saved consent, or why there is none.
    func load() -> Loaded {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.readFile(url.path, maximumSize: 64)
        } catch {
            return error.isMissing ? .missing : .unreadable("cannot be read (\(error))")
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let consent = DeliveryConsent(rawValue: text) else {
            return .unreadable("holds \(bytes.count) byte(s) that are not a consent")
        }
        return .saved(consent)
    }

    /// Saves `consent` durably: a temporary file is written and flushed, renamed over the file, and the
    /// directory flushed, so a power loss leaves either the old or the new value. Throws the system error.
    func save(_ consent: DeliveryConsent) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = url.path + ".tmp"
        FileIO.removeItem(temporary)
        let fd = try FileIO.openForAppending(temporary, exclusive: true)
        do {
            try Array(consent.rawValue.utf8).withUnsafeBytes { try FileIO.writeAll(fd, $0, path: temporary) }
        } catch {
            FileIO.closeDescriptor(fd)
            FileIO.removeItem(temporary)
            throw error
        }
        FileIO.synchronize(fd)
        FileIO.closeDescriptor(fd)
        do {
            try FileIO.renameItem(temporary, to: url.path)
        } catch {
            FileIO.removeItem(temporary)
            throw error
        }
        FileIO.synchronizeDirectory(directory.path)
    }
}
