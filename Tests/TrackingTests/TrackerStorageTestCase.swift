import Foundation
import TestSupport

/// A ``HeadlessTestCase`` with a fresh temporary ``directory`` per test, removed after it: where the
/// tests' trackers keep their identity (and delivery queues), never the real data directory.
class TrackerStorageTestCase: HeadlessTestCase {
    /// This test's directory; it does not exist until something is stored.
    private(set) var directory: URL!

    override func setUp() {
        super.setUp()
        directory = TemporaryDirectory.url("\(type(of: self))")
    }

    override func tearDown() {
        TemporaryDirectory.remove(directory)
        super.tearDown()
    }
}
