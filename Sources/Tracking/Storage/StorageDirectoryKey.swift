#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The one name of a storage directory in the process, whatever path leads to it: `.` and `..` removed and
/// symbolic links resolved (`realpath(3)`, which gives up after the system's limit of link hops, `ELOOP`)
/// for the longest part of the path that exists; the rest, not created yet, is appended as written.
enum StorageDirectoryKey {
    // MARK: - Internal

    /// The key of `directory`.
    static func key(for directory: URL) -> String {
        let path = directory.standardizedFileURL.path
        var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var missing: [String] = []
        // At most one step per component: bounded by the path itself.
        while true {
            let candidate = "/" + components.joined(separator: "/")
            if let resolved = resolved(candidate) {
                let base = resolved == "/" ? "" : resolved
                return missing.isEmpty ? (base.isEmpty ? "/" : base) : base + "/" + missing.reversed().joined(separator: "/")
            }
            guard let last = components.popLast() else { return path }
            missing.append(last)
        }
    }

    // MARK: - Private

    /// `path` with every symbolic link resolved, or `nil` when it does not exist (or has a link loop).
    private static func resolved(_ path: String) -> String? {
        FileSystemProbe.note("realpath", path)
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
