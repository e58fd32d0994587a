#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The few POSIX file calls the event store needs, with `errno` turned into ``FileIO/Failure``.
///
/// The store uses file descriptors directly: an append must be exactly one `write(2)` of the whole record,
/// and durability needs `fsync` on files and directories, neither of which `FileHandle` promises.
enum FileIO {
    // MARK: - Internal

    /// A failed call: what was attempted and the system's error.
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32

        var description: String { "\(operation) \(path): \(String(cString: strerror(code))) (errno \(code))" }
    }

    /// Opens `path` for appending, creating it (it must not exist when `exclusive`).
    static func openForAppending(_ path: String, exclusive: Bool) throws -> Int32 {
        let flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL : 0)
        let fd = open(path, flags, 0o600)
        guard fd >= 0 else { throw Failure(operation: "open", path: path, code: errno) }
        return fd
    }

    /// Writes all of `bytes` with as few `write(2)` calls as the system allows (one, for a regular file,
    /// unless a limit is hit). On failure, the file may hold a prefix of `bytes`: the caller truncates.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "write", path: path, code: errno)
            }
            offset += written
        }
    }

    /// Cuts the file back to `length` bytes.
    static func truncateFile(_ fd: Int32, to length: Int, path: String) throws {
        guard ftruncate(fd, off_t(length)) == 0 else { throw Failure(operation: "ftruncate", path: path, code: errno) }
    }

    /// Flushes the file to the storage device. Best effort: a failure here is not a lost event.
    static func synchronize(_ fd: Int32) {
        flushToStorage(fd)
    }

    /// Flushes a directory's entries (renames, creations, deletions) to the storage device.
    static func synchronizeDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        flushToStorage(fd)
        close(fd)
    }

    /// On Apple platforms `fsync` only hands the data to the drive, which may keep it in its cache for a
    /// while; `F_FULLFSYNC` asks the drive to write it (Apple's fsync(2) page). Elsewhere `fsync` does that.
    private static func flushToStorage(_ fd: Int32) {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == -1 { _ = fsync(fd) }
        #else
        _ = fsync(fd)
        #endif
    }

    /// Closes a descriptor.
    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    /// Whether the open file still has a name (someone may have deleted it or its directory).
    static func isLinked(_ fd: Int32) -> Bool {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return false }
        return status.st_nlink > 0
    }

    /// The whole file, or `nil` when it cannot be opened or read.
    static func readAll(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? Array(bytes[0..<offset]) : nil }
            offset += count
        }
        return bytes
    }

    /// Renames atomically.
    static func renameItem(_ source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else {
            throw Failure(operation: "rename", path: "\(source) → \(destination)", code: errno)
        }
    }

    /// Deletes a file; a missing file is not an error.
    static func removeItem(_ path: String) {
        _ = unlink(path)
    }

    /// Appends `bytes` to `path` and flushes it to the device, keeping the file a whole number of
    /// `entrySize`-byte entries: a torn tail left by an earlier short write or a power loss is cut off first
    /// (it would shift every later entry), and a failed write is truncated back to where it began.
    static func appendDurably(_ bytes: [UInt8], to path: String, entrySize: Int = 1) throws {
        let fd = try openForAppending(path, exclusive: false)
        defer { closeDescriptor(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Failure(operation: "fstat", path: path, code: errno) }
        var size = Int(status.st_size)
        if entrySize > 1, size % entrySize != 0 {
            size -= size % entrySize
            try truncateFile(fd, to: size, path: path)
        }
        do {
            try bytes.withUnsafeBytes { raw in try writeAll(fd, raw, path: path) }
        } catch {
            try? truncateFile(fd, to: size, path: path)
            throw error
        }
        synchronize(fd)
    }
}
