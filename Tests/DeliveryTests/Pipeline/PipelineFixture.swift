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

/// A ``DeliverySink`` uploading to a ``LoopbackCollector`` on 127.0.0.1, on a temporary directory, with a
/// fast backoff, plus the events it stores and readers of what the collector received.
final class PipelineFixture: @unchecked Sendable {
    static let writeKey = "pipeline_key"

    let root: URL
    let collector: LoopbackCollector
    let clock = ManualTrackingClock()
    let diagnostics = DiagnosticLog()
    let uploads = UploadLog()

    init() throws {
        root = TemporaryDirectory.url("PipelineTests")
        collector = try LoopbackCollector()
    }

    deinit {
        collector.stop()
        TemporaryDirectory.remove(root)
    }

    var endpoint: TrackingEndpoint {
        TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: Int(collector.port))
    }

    /// Uploads only when told (no count or interval trigger), retries within milliseconds; speaks
    /// `destination`'s format, to its path on the collector.
    func configuration(port: UInt16? = nil, destination: DeliveryDestination = .segment) -> DeliveryConfiguration {
        var configuration = DeliveryConfiguration(writeKey: Self.writeKey)
        configuration.destination = destination
        configuration.storageDirectory = root
        configuration.consentDirectory = root
        configuration.endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: Int(port ?? collector.port),
                                                  path: destination.defaultEndpoint.path)
        configuration.flushAt = .max
        configuration.flushInterval = 3600
        // Far beyond any healthy loopback request: no request times out because the machine is busy.
        configuration.requestTimeout = 60
        configuration.clock = clock
        configuration.diagnosticHandler = diagnostics.append
        configuration.uploadObserver = uploads.append
        configuration.uploadBackoff = UploadBackoffPolicy(base: 0.02, cap: 0.1, jitter: 0, maximumRetryAfter: 2)
        return configuration
    }

    /// A tracker's configuration on this fixture's clock and diagnostics, storing in `tracker` under
    /// ``root``, without the application's lifecycle events (the tests that use it assert exact sequences of
    /// other events; `LifecycleWireTests` turns them back on).
    func trackerConfiguration() -> TrackingConfiguration {
        var configuration = TrackingConfiguration()
        configuration.tracksApplicationLifecycleEvents = false
        configuration.clock = clock
        configuration.diagnosticHandler = diagnostics.append
        configuration.storageDirectory = root.appendingPathComponent("tracker", isDirectory: true)
        return configuration
    }

    func sink(_ configuration: DeliveryConfiguration? = nil, notificationCenter: NotificationCenter = NotificationCenter()) -> DeliverySink {
        DeliverySink(configuration: configuration ?? self.configuration(), notificationCenter: notificationCenter)
    }

    // MARK: - Events

    static let context = TrackingContext.sample
    static let anonymousID = UUID(uuidString: "3F2A9C4E-5B1D-4E8F-9A7C-2D6E1B0F8A3C")!

    /// Event `number` of a mixed stream: screen views, impressions, explicit events and identifications in
    /// turn, `padding` bytes of property text each.
    func event(_ number: Int, padding: Int = 40) -> TrackingEvent {
        let identity = TrackingIdentity(anonymousID: Self.anonymousID, userID: number % 3 == 0 ? "user-\(number)" : nil)
        let text = TrackingPropertyValue.string(String(repeating: "x", count: padding))
        let timestamp = clock.now().date.addingTimeInterval(Double(number) * 0.001)
        let screen = TrackingScreen(screenName: "feed", identifier: "tab-\(number % 2)", properties: ["text": text])
        switch number % 4 {
        case 0:
            return TrackingEvent(timestamp: timestamp, kind: .screenView, screen: screen, visibleRatio: 1, identity: identity, context: Self.context)
        case 1:
            return TrackingEvent(
                timestamp: timestamp, kind: .impression,
                element: TrackingElement(elementType: "feed_cell", identifier: "cell-\(number)", properties: ["rank": .int(number), "text": text]),
                screen: screen, visibleRatio: 0.5, identity: identity, context: Self.context
            )
        case 2:
            return TrackingEvent(timestamp: timestamp, kind: .track, screen: nil, visibleRatio: 0, eventName: "Order Completed",
                                 eventProperties: ["total": 12.5, "number": .int(number), "text": text], identity: identity, context: Self.context)
        default:
            return TrackingEvent(timestamp: timestamp, kind: .identify, screen: nil, visibleRatio: 0,
                                 eventProperties: ["plan": "pro", "text": text], identity: identity, context: Self.context)
        }
    }

    /// Stores events `range` in `sink` and returns their message ids, in order.
    @discardableResult
    func store(_ range: Range<Int>, in sink: DeliverySink, padding: Int = 40) throws -> [String] {
        try range.map { number in
            let event = event(number, padding: padding)
            try sink.receive(event)
            return event.id.uuidString.lowercased()
        }
    }

    // MARK: - What the collector received

    /// Every message id the collector received, request by request.
    var receivedIds: [[String]] {
        collector.requests.map(\.messageIds)
    }

    /// Waits (bounded) until the collector holds `count` requests; fails the test if it does not.
    @discardableResult
    func waitForRequests(_ count: Int, timeout: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line) -> [CollectedRequest] {
        guard let requests = collector.waitForRequests(count: count, timeout: timeout) else {
            XCTFail("the collector got \(collector.requests.count) request(s), not \(count)", file: file, line: line)
            return collector.requests
        }
        return requests
    }
}

/// Waits, for at most a minute, until the retry scheduled after a failed flush has started: the failure set
/// the driver's backoff and the retry's drain clears it as it starts. A flush called after this joins that
/// drain or runs after it, so once it returns, everything the retry did is visible.
func waitForScheduledRetry(of sink: DeliverySink, file: StaticString = #filePath, line: UInt = #line) async throws {
    let driver = try XCTUnwrap(sink.uploader?.driver, file: file, line: line)
    let deadline = Date(timeIntervalSinceNow: 60)
    while await driver.retryNotBefore != nil, Date() < deadline {
        try await Task.sleep(nanoseconds: 2_000_000)
    }
    let backoff = await driver.retryNotBefore
    XCTAssertNil(backoff, "the scheduled retry never ran", file: file, line: line)
}

/// Runs until `condition` holds, polling, for at most `timeout` seconds; returns whether it held.
@discardableResult
func eventually(timeout: TimeInterval = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
        guard Date() < deadline else { return false }
        usleep(2_000)
    }
    return true
}

/// Runs the main run loop in short turns until `condition` holds, for at most `timeout` seconds; fails the
/// test if it does not hold by then.
@MainActor
func runMainRunLoop(until condition: () -> Bool, timeout: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line) {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition(), Date() < deadline {
        Headless.runMainRunLoop(for: 0.01)
    }
    XCTAssertTrue(condition(), "timed out after \(timeout) s", file: file, line: line)
}

/// Runs the main run loop until the work of `flush` has returned (at once for `nil`): after that it can end
/// no task any more, so a check for a second end is final.
@MainActor
func runMainRunLoop(untilTheWorkOf flush: BackgroundFlush?, file: StaticString = #filePath, line: UInt = #line) {
    let finished = FinishedFlag()
    Task { @MainActor in
        await flush?.wait()
        finished.isSet = true
    }
    runMainRunLoop(until: { finished.isSet }, file: file, line: line)
}

extension PipelineFixture {
    /// Flushes `sink` until a flush finds nothing to send, or one sends a request, or a minute has passed;
    /// returns what the last flush did. A flush joins one in progress, even one that just ended but has
    /// not yet been cleared, and then returns that flush's summary: once a flush has found the queue
    /// empty, nothing delivered earlier is still on its way, and nothing unacknowledged is left to send.
    func flushUntilNothingIsLeft(_ sink: DeliverySink) async -> DeliveryFlushSummary {
        let requests = collector.requests.count
        let deadline = Date(timeIntervalSinceNow: 60)
        var summary = await sink.flushAndWait()
        while summary != DeliveryFlushSummary(), collector.requests.count == requests, Date() < deadline {
            try? await Task.sleep(nanoseconds: 2_000_000)
            summary = await sink.flushAndWait()
        }
        return summary
    }
}

/// Set on the main actor once awaited work has returned.
@MainActor
private final class FinishedFlag {
    var isSet = false
}

/// Upload reports collected from the upload queue, with the thread each came on.
final class UploadLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [DeliveryUploadReport] = []
    private var onMain = 0

    func append(_ report: DeliveryUploadReport) {
        lock.lock()
        entries.append(report)
        if Thread.isMainThread { onMain += 1 }
        lock.unlock()
    }

    var reports: [DeliveryUploadReport] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    var outcomes: [DeliveryUploadReport.Outcome] { reports.map(\.outcome) }

    var reportsOnMainThread: Int {
        lock.lock()
        defer { lock.unlock() }
        return onMain
    }
}
