import Foundation
import LoopbackCollector
@testable import Tracking
import XCTest

/// A diagnostic handler may call back into the sink: diagnostics found under the sink's and the store's
/// locks reach it after they are released.
final class DeliveryReentrancyTests: XCTestCase {
    func testAHandlerThatCallsBackIntoTheSinkDuringACapDropAndAConsentChangeDoesNotDeadlock() throws {
        let fixture = try PipelineFixture()
        let handler = ReenteringHandler(fixture: fixture)
        var configuration = fixture.configuration()
        configuration.maximumStoredBytes = 4_000
        configuration.diagnosticHandler = handler.handle
        let sink = fixture.sink(configuration)
        handler.sink = sink
        // Saving the consent fails (a directory stands where the file goes): a diagnostic under the consent lock.
        try FileManager.default.createDirectory(
            at: configuration.consentDirectory.appendingPathComponent("consent"), withIntermediateDirectories: true
        )

        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for number in 0..<30 {
                try? sink.receive(fixture.event(number, padding: 200))
            }
            sink.consent = .pending
            finished.signal()
        }
        guard finished.wait(timeout: .now() + 10) == .success else {
            return XCTFail("deadlocked: the handler was called with a lock held (codes so far: \(handler.codes))")
        }
        XCTAssertTrue(handler.codes.contains(.storeCapExceeded), "\(handler.codes)")
        XCTAssertTrue(handler.codes.contains(.consentStorageFailed), "\(handler.codes)")
        XCTAssertLessThan(handler.codes.count, ReenteringHandler.maximumReentries)
        XCTAssertEqual(handler.reentries, handler.codes.count, "every diagnostic called back into the sink")
        XCTAssertEqual(handler.consentsSeen.last, .pending, "the consent getter ran inside the handler after the change")
        XCTAssertEqual(sink.statistics.stored, 30 + handler.storedByHandler)
    }
}

/// Tracks an event and reads the consent from inside the diagnostic handler, a bounded number of times.
private final class ReenteringHandler: @unchecked Sendable {
    static let maximumReentries = 50
    let fixture: PipelineFixture
    weak var sink: DeliverySink?
    private let lock = NSLock()
    private var entries: [TrackingDiagnostic.Code] = []
    private var seen: [DeliveryConsent] = []
    private var count = 0
    private var stored = 0

    init(fixture: PipelineFixture) {
        self.fixture = fixture
    }

    var codes: [TrackingDiagnostic.Code] { lock.withLock { entries } }
    var reentries: Int { lock.withLock { count } }
    var consentsSeen: [DeliveryConsent] { lock.withLock { seen } }
    var storedByHandler: Int { lock.withLock { stored } }

    func handle(_ diagnostic: TrackingDiagnostic) {
        let reenter = lock.withLock { () -> Bool in
            entries.append(diagnostic.code)
            guard count < Self.maximumReentries else { return false }
            count += 1
            return true
        }
        guard reenter, let sink else { return }
        let consent = sink.consent
        let event = fixture.event(1_000 + reentries, padding: 10)
        let didStore = (try? sink.receive(event)) != nil && consent != .denied
        lock.withLock {
            seen.append(consent)
            if didStore { stored += 1 }
        }
    }
}
