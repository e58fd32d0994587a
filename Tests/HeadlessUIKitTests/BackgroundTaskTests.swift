import Foundation
import HeadlessUIKit
import TestSupport
import XCTest

final class BackgroundTaskTests: HeadlessTestCase {
    func testTasksGetDistinctValidIdentifiersAndEndExactlyOnce() {
        MainActor.assumeIsolated {
            let application = UIApplication.shared
            let first = application.beginBackgroundTask(withName: "flush") {}
            let second = application.beginBackgroundTask(expirationHandler: nil)
            XCTAssertNotEqual(first, .invalid)
            XCTAssertNotEqual(second, .invalid)
            XCTAssertNotEqual(first, second)
            XCTAssertEqual(Headless.openBackgroundTaskCount, 2)
            XCTAssertEqual(Headless.openBackgroundTaskNames, ["flush", nil])
            application.endBackgroundTask(first)
            application.endBackgroundTask(second)
            XCTAssertEqual(Headless.openBackgroundTaskCount, 0)
            XCTAssertEqual(Headless.backgroundTaskMisuses, [])
        }
    }

    func testEndingTwiceIsReportedAndEndingInvalidIsIgnored() {
        MainActor.assumeIsolated {
            let task = UIApplication.shared.beginBackgroundTask(withName: "twice")
            UIApplication.shared.endBackgroundTask(task)
            UIApplication.shared.endBackgroundTask(task)
            UIApplication.shared.endBackgroundTask(.invalid)
            XCTAssertEqual(Headless.backgroundTaskMisuses.count, 1)
            XCTAssertTrue(Headless.backgroundTaskMisuses[0].contains("identifier \(task.rawValue)"))
        }
    }

    func testExpiryRunsHandlersOnTheMainThreadInOrderAndReportsTasksLeftOpen() {
        MainActor.assumeIsolated {
            let application = UIApplication.shared
            let log = CallLog()
            let ending = BackgroundTaskBox()
            ending.identifier = application.beginBackgroundTask(withName: "ends") {
                log.append("ends on main: \(Thread.isMainThread)")
                application.endBackgroundTask(ending.identifier)
            }
            _ = application.beginBackgroundTask(withName: "leaks") {
                log.append("leaks on main: \(Thread.isMainThread)")
            }
            Headless.expireBackgroundTime()
            XCTAssertEqual(log.entries, ["ends on main: true", "leaks on main: true"])
            XCTAssertEqual(Headless.openBackgroundTaskCount, 0)
            XCTAssertEqual(Headless.backgroundTaskMisuses.count, 1)
            XCTAssertTrue(Headless.backgroundTaskMisuses[0].contains("(leaks) was not ended"))
            // Ending the expired task late is a second misuse.
            application.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: ending.identifier.rawValue + 1))
            XCTAssertEqual(Headless.backgroundTaskMisuses.count, 2)
        }
    }

    func testNoBackgroundTimeGivesInvalid() {
        MainActor.assumeIsolated {
            Headless.isBackgroundTimeAvailable = false
            XCTAssertEqual(UIApplication.shared.beginBackgroundTask(withName: "none"), .invalid)
            XCTAssertEqual(Headless.openBackgroundTaskCount, 0)
            Headless.reset()
            XCTAssertNotEqual(UIApplication.shared.beginBackgroundTask(withName: "again"), .invalid)
        }
    }

    func testBeginAndEndFromAnyThread() {
        let application = MainActor.assumeIsolated { UIApplication.shared }
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let task = application.beginBackgroundTask(withName: "worker \(index)")
            application.endBackgroundTask(task)
        }
        MainActor.assumeIsolated {
            XCTAssertEqual(Headless.openBackgroundTaskCount, 0)
            XCTAssertEqual(Headless.backgroundTaskMisuses, [])
        }
    }

    func testIdentifierHasUIKitsShape() {
        XCTAssertEqual(UIBackgroundTaskIdentifier.invalid.rawValue, 0)
        XCTAssertEqual(UIBackgroundTaskIdentifier(rawValue: 5).rawValue, 5)
        let handler: @MainActor @Sendable () -> Void = {}
        let begin: (UIApplication) -> UIBackgroundTaskIdentifier = { $0.beginBackgroundTask(withName: nil, expirationHandler: handler) }
        _ = begin
    }
}

/// The identifier an expiration handler ends, set after `beginBackgroundTask` returns.
private final class BackgroundTaskBox: @unchecked Sendable {
    var identifier: UIBackgroundTaskIdentifier = .invalid
}

private final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []
    func append(_ value: String) { lock.withLock { values.append(value) } }
    var entries: [String] { lock.withLock { values } }
}
