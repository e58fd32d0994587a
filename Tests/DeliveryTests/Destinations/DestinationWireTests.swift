import Foundation
import LoopbackCollector
@testable import Tracking
import TestSupport
import XCTest

/// ACCEPTANCE 60: one session of every event kind produces each destination's exact documented request,
/// through the real pipeline (store, uploader, URLSession) to the loopback collector.
final class DestinationWireTests: XCTestCase {
    func testSegmentRequestForOneSessionOfEveryKind() async throws {
        try await assertRequest(for: .segment, path: "/v1/batch", authorization: "Basic cGlwZWxpbmVfa2V5Og==", body: DestinationGoldens.segment)
    }

    func testPostHogRequestForOneSessionOfEveryKind() async throws {
        try await assertRequest(for: .postHog, path: "/batch/", authorization: nil, body: DestinationGoldens.postHog)
    }

    func testAmplitudeRequestForOneSessionOfEveryKind() async throws {
        try await assertRequest(for: .amplitude, path: "/2/httpapi", authorization: nil, body: DestinationGoldens.amplitude)
    }

    func testMixpanelRequestForOneSessionOfEveryKind() async throws {
        try await assertRequest(for: .mixpanel, path: "/track", authorization: nil, body: DestinationGoldens.mixpanel)
    }

    /// Every destination sends the same events, in order, each once.
    func testEveryDestinationDeliversTheSameEvents() async throws {
        for destination in DeliveryDestination.all {
            let fixture = try PipelineFixture()
            let sink = fixture.sink(fixture.configuration(destination: destination))
            for event in DestinationSession.events { try sink.receive(event) }
            let summary = await sink.flushAndWait()
            XCTAssertEqual(summary.delivered, DestinationSession.events.count, "\(destination)")
            XCTAssertEqual(fixture.collector.requests.count, 1, "\(destination)")
        }
    }

    // MARK: - Private

    private func assertRequest(for destination: DeliveryDestination, path: String, authorization: String?, body: String,
                               file: StaticString = #filePath, line: UInt = #line) async throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink(fixture.configuration(destination: destination))
        for event in DestinationSession.events { try sink.receive(event) }
        let summary = await sink.flushAndWait()
        XCTAssertEqual(summary.delivered, DestinationSession.events.count, file: file, line: line)
        let request = try XCTUnwrap(fixture.collector.requests.first, file: file, line: line)
        XCTAssertEqual(request.method, "POST", file: file, line: line)
        XCTAssertEqual(request.path, path, file: file, line: line)
        XCTAssertEqual(request.header("Content-Type"), "application/json", file: file, line: line)
        XCTAssertEqual(request.header("Authorization"), authorization, file: file, line: line)
        let sent = String(decoding: request.body, as: UTF8.self)
        XCTAssertEqual(sent.replacing(#/"sentAt":"[^"]*"/#, with: #""sentAt":"…""#), body, file: file, line: line)
        XCTAssertNotNil(request.jsonBody, "the body is JSON", file: file, line: line)
    }
}
