import Foundation
import LoopbackCollector
@testable import Tracking
import XCTest

/// The response body is never needed: a request ends once its status is known, so a collector that
/// streams an endless body neither holds the only upload connection nor is read into memory.
final class ResponseBodyTests: XCTestCase {
    func testAnEndlessResponseBodyDoesNotHoldTheUploadAndTheNextBatchIsSent() async throws {
        let fixture = try PipelineFixture()
        fixture.collector.enqueue(.endlessBody)
        var configuration = fixture.configuration()
        // Data keeps arriving, so no idle timeout could end the request either way.
        configuration.requestTimeout = 600
        let sink = fixture.sink(configuration)
        let first = try fixture.store(0..<3, in: sink)
        // The collector streams for 60 s: only ending the request at its status finishes the flush in time.
        let summary = await boundedFlush(sink)
        XCTAssertEqual(summary?.delivered, 3, "the 200 status delivers the batch")
        XCTAssertEqual(fixture.uploads.reports.map(\.statusCode), [200])

        let second = try fixture.store(3..<5, in: sink)
        let next = await sink.flushAndWait()
        XCTAssertEqual(next.delivered, 2)
        XCTAssertEqual(fixture.receivedIds, [first, second])
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }
}
