#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
@testable import Tracking
import TestSupport
import XCTest

/// Statement 40 / acceptance 31: the background flush's task is ended exactly once, on completion or on
/// expiry, whichever comes first.
final class BackgroundFlushTests: HeadlessTestCase {
    func testEndsTheTaskOnceWhenTheFlushCompletes() {
        MainActor.assumeIsolated {
            let ran = Flag()
            let flush = BackgroundFlush(application: UIApplication.shared, name: "flush") { ran.set() }
            XCTAssertNotEqual(flush.identifier, .invalid)
            XCTAssertEqual(Headless.openBackgroundTaskNames, ["flush"])
            runMainRunLoop(until: { flush.isEnded })
            XCTAssertTrue(ran.isSet)
            XCTAssertEqual(Headless.openBackgroundTaskCount, 0)
            Headless.expireBackgroundTime()
            XCTAssertEqual(Headless.backgroundTaskMisuses, [])
        }
    }

    func testEndsTheTaskOnceOnExpiryAndCancelsTheFlush() {
        MainActor.assumeIsolated {
            let gate = Gate()
            let flush = BackgroundFlush(application: UIApplication.shared) {
                await gate.waitUntilOpenedOrCancelled()
            }
            runMainRunLoop(until: { gate.isWaiting })
            XCTAssertFalse(flush.isEnded)
            Headless.expireBackgroundTime()
            XCTAssertTrue(flush.isEnded)
            XCTAssertEqual(Headless.openBackgroundTaskCount, 0)
            // The flush sees the cancellation and finishes; it must not end the task a second time.
            runMainRunLoop(until: { gate.sawCancellation })
            runMainRunLoop(untilTheWorkOf: flush)
            XCTAssertEqual(Headless.backgroundTaskMisuses, [])
        }
    }

    func testRunsWithoutBackgroundTimeAndEndsNothing() {
        MainActor.assumeIsolated {
            Headless.isBackgroundTimeAvailable = false
            let ran = Flag()
            let flush = BackgroundFlush(application: UIApplication.shared) { ran.set() }
            XCTAssertEqual(flush.identifier, .invalid)
            runMainRunLoop(until: { ran.isSet })
            runMainRunLoop(untilTheWorkOf: flush)
            XCTAssertEqual(Headless.backgroundTaskMisuses, [])
        }
    }
}

private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// Polls for cancellation (bounded by a minute), as a flush waiting on the network would notice it.
private final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting = false
    private var cancelled = false

    var isWaiting: Bool { lock.withLock { waiting } }
    var sawCancellation: Bool { lock.withLock { cancelled } }

    func waitUntilOpenedOrCancelled() async {
        lock.withLock { waiting = true }
        for _ in 0..<6_000 {
            if Task.isCancelled {
                lock.withLock { cancelled = true }
                return
            }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}
