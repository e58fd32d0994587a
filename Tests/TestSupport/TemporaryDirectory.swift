import Foundation
import Tracking
import XCTest

/// Directories for the files one test creates, removed when that test ends, so that the suite leaves
/// nothing in the temporary folder (`.ci/leftovers` checks).
///
/// ``url(_:)`` names a new directory (it is not created: trackers and stores create what they need) under
/// this process's own folder, `SightlineTests-<pid>` in the temporary folder. Every directory named during a
/// test is removed when the test has finished, after its `tearDown()`, once Sightline's pending background
/// writes (session saves) have reached their files. The process's folder is removed when the test bundle has
/// finished, which also takes whatever an object that outlived its test (a tracker observing a later test's
/// lifecycle notifications) wrote there since.
///
/// ```swift
/// let root = TemporaryDirectory.url("PipelineTests")
/// ```
public enum TemporaryDirectory {
    /// A new directory, `name-<UUID>`, under this process's folder; removed when the current test ends.
    /// Callable from any thread.
    public static func url(_ name: String) -> URL {
        let url = Registry.shared.root.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
        Registry.shared.add(url)
        return url
    }

    /// This process's folder in the temporary folder, under which ``url(_:)`` names directories.
    public static var processRoot: URL {
        Registry.shared.root
    }

    /// Removes `url` and everything in it, after Sightline's pending background writes.
    public static func remove(_ url: URL) {
        PendingFileWrites.wait()
        try? FileManager.default.removeItem(at: url)
    }
}

/// The directories named during the current test, and the observer that removes them.
private final class Registry: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared: Registry = {
        let registry = Registry()
        XCTestObservationCenter.shared.addTestObserver(registry)
        return registry
    }()

    let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("SightlineTests-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    private let lock = NSLock()
    private var named: [URL] = []

    func add(_ url: URL) {
        lock.withLock { named.append(url) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        let finished = lock.withLock {
            defer { named.removeAll() }
            return named
        }
        finished.forEach(TemporaryDirectory.remove)
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        TemporaryDirectory.remove(root)
    }
}
