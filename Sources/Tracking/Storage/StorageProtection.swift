#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Keeps Sightline's storage private: every directory of a tree owner-only (0700) and every file 0600,
/// the tree excluded from backup and given the `completeUntilFirstUserAuthentication` protection class
/// where the platform has them. Applied to the whole tree at every launch, so files left by older versions
/// or created by other means are fixed too. Symbolic links and other special files are left alone.
enum StorageProtection {
    /// Protects each of `roots` and everything under it, once: a root inside another is covered by it.
    /// - Parameters:
    ///   - roots: The tops of the trees.
    ///   - report: Receives the diagnostic of any tree that could not be protected.
    static func apply(to roots: [URL], report: (TrackingDiagnostic) -> Void) {
        let paths = roots.map { $0.standardizedFileURL.path }
        for (index, path) in paths.enumerated() {
            let coveredByAnother = paths.indices.contains { other in
                other != index && path.hasPrefix(paths[other] + "/") || (other < index && paths[other] == path)
            }
            if !coveredByAnother { apply(to: URL(fileURLWithPath: path), report: report) }
        }
    }

    /// Protects `root` and everything under it; failures are counted in one diagnostic, never thrown.
    /// - Parameters:
    ///   - root: The top of the tree (a missing root is not an error).
    ///   - report: Receives a ``TrackingDiagnostic/Code/storageProtectionFailed`` diagnostic when any item
    ///     could not be protected.
    static func apply(to root: URL, report: (TrackingDiagnostic) -> Void) {
        FileSystemProbe.note("protect", root.path)
        var failures: [String] = []
        var itemCount = 0
        var pending = [root.path]
        var isRoot = true
        while let path = pending.popLast() {
            var status = stat()
            // The root may be a symbolic link the app chose; nothing below it is followed.
            let found = isRoot ? stat(path, &status) : lstat(path, &status)
            isRoot = false
            guard found == 0 else {
                if errno != ENOENT { failures.append("lstat failed: \(FileIO.errorName(errno))") }
                continue
            }
            let type = status.st_mode & S_IFMT
            guard type == S_IFDIR || type == S_IFREG else { continue }
            itemCount += 1
            let isDirectory = type == S_IFDIR
            if status.st_mode & 0o7777 != (isDirectory ? 0o700 : 0o600), chmod(path, isDirectory ? 0o700 : 0o600) != 0 {
                failures.append("chmod failed: \(FileIO.errorName(errno))")
            }
            if let failure = applyPlatformProtection(path, isDirectory: isDirectory) {
                failures.append(failure)
            }
            if isDirectory {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                pending += names.map { path + "/" + $0 }
            }
        }
        guard let first = failures.first else { return }
        report(TrackingDiagnostic(
            code: .storageProtectionFailed,
            message: "\(failures.count) protection step(s) failed on \(itemCount) stored item(s); first: \(first)"
        ))
    }

    /// Backup exclusion (on directories: it covers what they hold) and the file protection class, where the
    /// platform has them; returns what failed, by error code.
    private static func applyPlatformProtection(_ path: String, isDirectory: Bool) -> String? {
        #if canImport(Darwin)
        if isDirectory {
            var values = URLResourceValues()
            values.isExcludedFromBackup = true
            var url = URL(fileURLWithPath: path, isDirectory: true)
            do {
                try url.setResourceValues(values)
            } catch {
                return "backup exclusion failed: error \((error as NSError).code)"
            }
        }
        #endif
        #if os(iOS) || os(visionOS) || os(watchOS)
        do {
            try FileManager.default.setAttributes(
                [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication], ofItemAtPath: path
            )
        } catch {
            return "protection class failed: error \((error as NSError).code)"
        }
        #endif
        return nil
    }
}
