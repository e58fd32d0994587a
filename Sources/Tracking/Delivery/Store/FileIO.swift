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

    /// A failed call: what was attempted and why. Its description names the call and the `errno` (never the
    /// path: a queue directory is named after the write key, and diagnostics must not carry it).
    struct Failure: Error, CustomStringConvertible {
        /// Why a call failed.
        enum Reason: Equatable {
            /// The system's error number.
            case system(Int32)
            /// The name is not a regular file (a directory, FIFO, socket or device).
            case notRegularFile
            /// The file holds more bytes than the caller accepts.
            case tooLarge(Int)
        }

        var operation: String
        /// The file, for a debugger; never part of ``description``.
        var path: String
        var reason: Reason

        init(operation: String, path: String, code: Int32) {
            self.init(operation: operation, path: path, reason: .system(code))
        }

        init(operation: String, path: String, reason: Reason) {
            self.operation = operation
            self.path = path
            self.reason = reason
        }

        /// Whether the file does not exist.
        var isMissing: Bool { reason == .system(ENOENT) }

        var description: String {
            switch reason {
            case .system(let code): "\(operation) failed: \(FileIO.errorName(code)) (errno \(code))"
            case .notRegularFile: "\(operation) refused: not a regular file"
            case .tooLarge(let size): "\(operation) refused: \(size) bytes is over the size cap"
            }
        }
    }

    /// Opens `path` for appending, creating it (it must not exist when `exclusive`).
    /// A symbolic link or a file that is not regular (a FIFO would block) is refused.
    static func openForAppending(_ path: String, exclusive: Bool) throws(Failure) -> Int32 {
        try openRegularFile(path, flags: O_WRONLY | O_APPEND | O_CREAT | (exclusive ? O_EXCL : 0)).fd
    }

    /// The whole of a regular file of at most `maximumSize` bytes. Files in a storage directory are
    /// untrusted: a symbolic link, a FIFO, a device or a directory is refused without blocking, and the size
    /// is checked before a byte is read.
    static func readFile(_ path: String, maximumSize: Int) throws(Failure) -> [UInt8] {
        let (fd, size) = try openRegularFile(path, flags: O_RDONLY)
        defer { close(fd) }
        guard size <= maximumSize else { throw Failure(operation: "read", path: path, reason: .tooLarge(size)) }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(operation: "read", path: path, code: errno) }
            if count == 0 { return Array(bytes[0..<offset]) }
            offset += count
        }
        return bytes
    }

    /// Opens without following a symbolic link and without blocking (a FIFO would), accepts a regular file
    /// only, then restores blocking mode for the caller. New files get mode 0600. Returns the descriptor and
    /// the file's size.
    private static func openRegularFile(_ path: String, flags: Int32) throws(Failure) -> (fd: Int32, size: Int) {
        FileSystemProbe.note("open", path)
        let fd = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(operation: "open", path: path, code: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw Failure(operation: "fstat", path: path, code: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Failure(operation: "open", path: path, reason: .notRegularFile)
        }
        let current = fcntl(fd, F_GETFL)
        guard current >= 0, fcntl(fd, F_SETFL, current & ~O_NONBLOCK) == 0 else {
            let code = errno
            close(fd)
            throw Failure(operation: "fcntl", path: path, code: code)
        }
        return (fd, Int(status.st_size))
    }

    /// Creates `path` and any missing parent with mode 0700; an existing directory (or a symbolic link to
    /// one: an app's container may sit behind one) is fine, anything else there is an error.
    static func makeDirectory(_ path: String) throws(Failure) {
        FileSystemProbe.note("mkdir", path)
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw Failure(operation: "mkdir", path: path, code: ENOTDIR) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, parent != "/" {
            try makeDirectory(parent)
        }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw Failure(operation: "mkdir", path: path, code: errno) }
    }

    /// The symbolic name of an `errno` value (`ENOSPC`), or `error` for one not listed (descriptions add
    /// the number).
    static func errorName(_ code: Int32) -> String {
        let names: [Int32: String] = [
            EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", EBADF: "EBADF", EACCES: "EACCES", EEXIST: "EEXIST",
            EXDEV: "EXDEV", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", ENFILE: "ENFILE",
            EMFILE: "EMFILE", EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS", EMLINK: "EMLINK",
            ENAMETOOLONG: "ENAMETOOLONG", ELOOP: "ELOOP", EDQUOT: "EDQUOT", ENXIO: "ENXIO", EBUSY: "EBUSY", EOVERFLOW: "EOVERFLOW",
        ]
        return names[code] ?? "error"
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
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
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

    /// The size and modification time (seconds since 1970) of the name itself, a symbolic link not followed.
    static func sizeAndModification(_ path: String) -> (size: Int, modified: Double)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return (Int(status.st_size), Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9)
    }

    /// Sets the modification time of the name itself (a symbolic link not followed); best effort.
    static func setModificationDate(_ path: String, to date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let time = timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1e9))
        var times = [time, time]
        _ = utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW)
    }

    /// Renames atomically.
    static func renameItem(_ source: String, to destination: String) throws {
        FileSystemProbe.note("rename", destination)
        guard rename(source, destination) == 0 else {
            throw Failure(operation: "rename", path: destination, code: errno)
        }
    }

    /// Deletes a file; a missing file is not an error.
    static func removeItem(_ path: String) {
        FileSystemProbe.note("unlink", path)
        _ = unlink(path)
    }

    /// Replaces `path` with `bytes` atomically and durably: a temporary file (mode 0600) is written and
    /// flushed, renamed over `path`, and the directory flushed, so a power loss leaves the old or the new
    /// content, never a mix.
    static func replaceFile(_ path: String, with bytes: [UInt8]) throws {
        let temporary = path + ".tmp"
        removeItem(temporary)
        let fd = try openForAppending(temporary, exclusive: true)
        do {
            try bytes.withUnsafeBytes { try writeAll(fd, $0, path: temporary) }
        } catch {
            closeDescriptor(fd)
            removeItem(temporary)
            throw error
        }
        synchronize(fd)
        // Closed exactly once: a second close could close a descriptor another thread has opened since.
        closeDescriptor(fd)
        do {
            try renameItem(temporary, to: path)
        } catch {
            removeItem(temporary)
            throw error
        }
        synchronizeDirectory((path as NSString).deletingLastPathComponent)
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
