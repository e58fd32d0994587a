#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import DemoApp
import Foundation
import Tracking
import XCTest

/// `swift run Demo --destination X`: the scripted session delivers every event exactly once in each
/// vendor's format, each request with the fields the vendor requires (``DeliveredBatch`` refuses a body
/// that lacks one), the same events, in the same order, as the Segment run.
final class DemoDestinationTests: XCTestCase {
    func testPostHogRunDeliversEveryEventOnce() throws {
        try assertEveryEventDeliveredOnce(to: .postHog)
    }

    func testAmplitudeRunDeliversEveryEventOnce() throws {
        try assertEveryEventDeliveredOnce(to: .amplitude)
    }

    func testMixpanelRunDeliversEveryEventOnce() throws {
        try assertEveryEventDeliveredOnce(to: .mixpanel)
    }

    // MARK: - Private

    private func assertEveryEventDeliveredOnce(to destination: DeliveryDestination, file: StaticString = #filePath, line: UInt = #line) throws {
        try MainActor.assumeIsolated {
            let run = try DemoSessionRun.start(destination: destination)
            defer { run.finish() }
            XCTAssertNotNil(run.flush, "the closing flush did not end within 60 s", file: file, line: line)
            let requests = run.collector.requests
            XCTAssertFalse(requests.isEmpty, file: file, line: line)
            var ids: [String] = []
            for (index, request) in requests.enumerated() {
                XCTAssertEqual(request.path, destination.defaultEndpoint.path, file: file, line: line)
                let batch = try XCTUnwrap(
                    DeliveredBatch(requestNumber: index + 1, status: 200, wireBytes: nil, body: request.body),
                    "request \(index + 1) lacks a field \(destination) requires", file: file, line: line
                )
                ids += batch.messages.map(\.messageId)
            }
            XCTAssertEqual(ids, run.sink.events.map { $0.id.uuidString.lowercased() }, "every event once, in order", file: file, line: line)
            XCTAssertEqual(run.diagnostics.all.map(\.code), [], file: file, line: line)
        }
    }
}
