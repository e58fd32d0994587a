#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import LoopbackCollector
@testable import Tracking
import TestSupport
import XCTest

/// When uploads start: after `flushAt` stored events, after `flushInterval` on the configuration's clock,
/// when the app goes to the background (inside a background task ended exactly once, UIKIT-SEMANTICS 40),
/// and on `flush()`.
final class DeliveryTriggerTests: HeadlessTestCase {
    func testTheCountTriggerFlushesEveryFlushAtEvents() throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.flushAt = 5
        let sink = fixture.sink(configuration)
        let first = try fixture.store(0..<4, in: sink)
        // A flush seals the open segment before `receive` returns: still open means none was triggered.
        XCTAssertEqual(sink.store.openSegmentEventCount, 4, "four events are not enough")
        XCTAssertEqual(fixture.collector.requests.count, 0, "four events are not enough")
        let fifth = try fixture.store(4..<5, in: sink)
        fixture.waitForRequests(1)
        let next = try fixture.store(5..<10, in: sink)
        fixture.waitForRequests(2)
        XCTAssertEqual(fixture.receivedIds, [first + fifth, next])
        XCTAssertTrue(eventually { sink.statistics.delivered == 10 })
    }

    func testAnExplicitFlushRestartsTheCount() throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.flushAt = 3
        let sink = fixture.sink(configuration)
        let first = try fixture.store(0..<2, in: sink)
        sink.flush()
        fixture.waitForRequests(1)
        let second = try fixture.store(2..<4, in: sink)
        XCTAssertEqual(sink.store.openSegmentEventCount, 2, "two events since the last flush")
        XCTAssertEqual(fixture.receivedIds, [first], "two events since the last flush")
        let third = try fixture.store(4..<5, in: sink)
        fixture.waitForRequests(2)
        XCTAssertEqual(fixture.receivedIds, [first, second + third])
    }

    func testTriggersDuringABackoffNeitherSealNorCount() async throws {
        let fixture = try PipelineFixture()
        let port = fixture.collector.port
        fixture.collector.stop()
        var configuration = fixture.configuration(port: port)
        // Offline with a backoff far longer than the test: every trigger below falls inside it.
        configuration.uploadBackoff = UploadBackoffPolicy(base: 600, cap: 600, jitter: 0)
        let sink = fixture.sink(configuration)
        try fixture.store(0..<2, in: sink)
        let offline = await sink.flushAndWait()
        XCTAssertEqual(offline.requests, 1)
        XCTAssertEqual(sink.store.sealedSegments.count, 1)

        for number in 2..<12 {
            try fixture.store(number..<(number + 1), in: sink)
            let waiting = await sink.flushAndWait()
            XCTAssertEqual(waiting.requests, 0)
            XCTAssertEqual(waiting.kept, number + 1, "the running count, without reading the queue")
        }
        XCTAssertEqual(sink.store.sealedSegments.count, 1, "a trigger during the backoff sealed a tiny segment")
        XCTAssertEqual(sink.store.openSegmentEventCount, 10)
        XCTAssertEqual(fixture.uploads.reports.count, 1)
    }

    func testTheIntervalTriggerFollowsTheInjectedClock() async throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.flushInterval = 30
        let sink = fixture.sink(configuration)
        let uploader = try XCTUnwrap(sink.uploader)
        let ids = try fixture.store(0..<3, in: sink)
        fixture.clock.advance(by: 29.9)
        uploader.intervalElapsed()
        XCTAssertEqual(sink.store.openSegmentEventCount, 3, "not yet 30 s")
        XCTAssertEqual(fixture.collector.requests.count, 0, "not yet 30 s")
        fixture.clock.advance(by: 0.1)
        uploader.intervalElapsed()
        fixture.waitForRequests(1)
        XCTAssertEqual(fixture.receivedIds, [ids])
        // Nothing queued: the interval passing again sends nothing.
        XCTAssertTrue(eventually { sink.statistics.delivered == 3 })
        fixture.clock.advance(by: 60)
        uploader.intervalElapsed()
        let after = await fixture.flushUntilNothingIsLeft(sink)
        XCTAssertEqual(after.requests, 0)
        XCTAssertEqual(fixture.collector.requests.count, 1)
    }

    func testTheIntervalTimerRunsByItself() throws {
        let fixture = try PipelineFixture()
        var configuration = fixture.configuration()
        configuration.flushInterval = 0.2
        configuration.clock = SystemTrackingClock()
        // The fixture dates its events by its manual clock: moved to now, they are never over the age cap.
        fixture.clock.advance(by: Date().timeIntervalSince(fixture.clock.now().date))
        let sink = fixture.sink(configuration)
        let ids = try fixture.store(0..<2, in: sink)
        fixture.waitForRequests(1)
        XCTAssertEqual(fixture.receivedIds, [ids])
    }

    func testGoingToTheBackgroundFlushesInsideABackgroundTaskEndedOnce() throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink(notificationCenter: .default)
        let ids = try fixture.store(0..<6, in: sink)
        MainActor.assumeIsolated {
            Headless.enterBackground()
            XCTAssertEqual(Headless.openBackgroundTaskNames, ["Sightline.upload"])
            runMainRunLoop(until: { Headless.openBackgroundTaskCount == 0 })
            XCTAssertEqual(sink.uploader?.currentBackgroundFlush?.isEnded, true)
        }
        XCTAssertEqual(fixture.receivedIds, [ids], "delivered before the task ended")
        XCTAssertEqual(sink.statistics.delivered, 6)
        // The store synchronizes on a queue of its own, concurrently with the flush.
        XCTAssertTrue(eventually { sink.store.completedSynchronizations > 0 })
        XCTAssertEqual(sink.store.completedSynchronizations, 1)
        MainActor.assumeIsolated {
            Headless.expireBackgroundTime()
            runMainRunLoop(untilTheWorkOf: sink.uploader?.currentBackgroundFlush)
            XCTAssertEqual(Headless.backgroundTaskMisuses, [])
        }
    }

    func testBackgroundExpiryEndsTheTaskOnceAndKeepsWhatWasNotDelivered() throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.stall)
        let sink = fixture.sink(notificationCenter: .default)
        let ids = try fixture.store(0..<4, in: sink)
        MainActor.assumeIsolated {
            Headless.enterBackground()
            XCTAssertEqual(Headless.openBackgroundTaskCount, 1)
            runMainRunLoop(until: { fixture.collector.requests.count == 1 })
            Headless.expireBackgroundTime()
            XCTAssertEqual(Headless.openBackgroundTaskCount, 0)
            XCTAssertEqual(sink.uploader?.currentBackgroundFlush?.isEnded, true)
            // The stalled request is cancelled by the expiry (no client timeout decides it), and the retry
            // delivers; the task is not ended again.
            runMainRunLoop(until: { sink.statistics.delivered == 4 })
            runMainRunLoop(untilTheWorkOf: sink.uploader?.currentBackgroundFlush)
            XCTAssertEqual(Headless.backgroundTaskMisuses, [])
        }
        XCTAssertEqual(fixture.receivedIds, [ids, ids])
    }

    func testBackgroundExpiryCancelsTheRequestInFlightAndStartsNoOther() throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.stall)
        var configuration = fixture.configuration()
        // Only cancellation ends the stalled request within the test, and no retry comes during it.
        configuration.requestTimeout = 60
        configuration.uploadBackoff = UploadBackoffPolicy(base: 600, cap: 600, jitter: 0)
        var limits = configuration.wireLimits
        limits.maximumMessageCount = 2
        configuration.wireLimits = limits
        let sink = fixture.sink(configuration, notificationCenter: .default)
        let ids = try fixture.store(0..<6, in: sink)
        MainActor.assumeIsolated {
            Headless.enterBackground()
            runMainRunLoop(until: { fixture.collector.requests.count == 1 })
            Headless.expireBackgroundTime()
            XCTAssertEqual(Headless.openBackgroundTaskCount, 0)
            // The stalled request ends now (cancelled), not after its 60 s timeout.
            runMainRunLoop(until: { fixture.uploads.reports.count == 1 })
            runMainRunLoop(until: { sink.uploader?.currentBackgroundFlush.map { flush in flush.isEnded } ?? false })
            // When the flush's work has returned, any request it started has been answered and recorded.
            runMainRunLoop(untilTheWorkOf: sink.uploader?.currentBackgroundFlush)
        }
        XCTAssertEqual(fixture.receivedIds, [Array(ids[0..<2])], "a request started after the background time expired")
        XCTAssertNotNil(fixture.uploads.reports.first?.transportError)
        XCTAssertEqual(sink.statistics.delivered, 0)
        XCTAssertEqual(sink.store.countUnacknowledgedEvents(), 6, "what was not delivered stays queued")
    }

    func testGoingToTheBackgroundTwiceDuringOneFlushEndsBothTasksOnExpiry() throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.stall)
        let sink = fixture.sink(notificationCenter: .default)
        let ids = try fixture.store(0..<3, in: sink)
        MainActor.assumeIsolated {
            Headless.enterBackground()
            runMainRunLoop(until: { fixture.collector.requests.count == 1 })
            Headless.enterForeground()
            Headless.enterBackground()
            XCTAssertEqual(Headless.openBackgroundTaskCount, 2)
            Headless.expireBackgroundTime()
            XCTAssertEqual(Headless.openBackgroundTaskCount, 0)
            runMainRunLoop(until: { sink.statistics.delivered == 3 })
            runMainRunLoop(untilTheWorkOf: sink.uploader?.currentBackgroundFlush)
            XCTAssertEqual(Headless.backgroundTaskMisuses, [])
        }
        XCTAssertEqual(fixture.receivedIds, [ids, ids])
    }

    func testWithoutBackgroundTimeTheFlushStillRunsAndEndsNothing() throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink(notificationCenter: .default)
        let ids = try fixture.store(0..<2, in: sink)
        MainActor.assumeIsolated {
            Headless.isBackgroundTimeAvailable = false
            Headless.enterBackground()
            runMainRunLoop(until: { sink.statistics.delivered == 2 })
            XCTAssertEqual(Headless.backgroundTaskMisuses, [])
        }
        XCTAssertEqual(fixture.receivedIds, [ids])
    }

    func testNoBackgroundTaskWhileConsentIsDenied() throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink(notificationCenter: .default)
        sink.consent = .denied
        MainActor.assumeIsolated {
            Headless.enterBackground()
            XCTAssertEqual(Headless.openBackgroundTaskCount, 0)
        }
    }
}
