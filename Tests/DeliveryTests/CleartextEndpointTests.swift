import Foundation
@testable import Tracking
import TestSupport
import XCTest

/// Plain `http` carries the write key in cleartext: accepted only for loopback hosts and hosts the app opts
/// in; any other `http` endpoint is refused when the sink is created, with a diagnostic, never a crash.
/// Nothing here sends a request.
final class CleartextEndpointTests: XCTestCase {
    func testHTTPIsAcceptedOnlyForLoopbackHostsOrAnExplicitOptIn() {
        for host in ["127.0.0.1", "127.255.0.9", "localhost", "LocalHost.", "::1", "[::1]", "0:0:0:0:0:0:0:1"] {
            XCTAssertFalse(TrackingEndpoint(scheme: .http, host: host).refusesCleartext, host)
        }
        for host in ["example.com", "10.0.0.1", "128.0.0.1", "127.0.0.1.example.com", "localhost.example.com", "::2", "::ffff:8.8.8.8", ""] {
            XCTAssertTrue(TrackingEndpoint(scheme: .http, host: host).refusesCleartext, host)
            XCTAssertFalse(TrackingEndpoint(scheme: .http, host: host, allowsCleartextHTTP: true).refusesCleartext, host)
            XCTAssertFalse(TrackingEndpoint(scheme: .https, host: host).refusesCleartext, host)
        }
        XCTAssertTrue(TrackingEndpoint(url: URL(string: "http://collector.example.com:8080")!)!.refusesCleartext)
    }

    func testASinkRefusesACleartextEndpointWithADiagnosticAndKeepsStoring() throws {
        let root = TemporaryDirectory.url("Cleartext")
        defer { TemporaryDirectory.remove(root) }
        let diagnostics = DiagnosticLog()
        var configuration = DeliveryConfiguration(writeKey: "cleartext_key")
        configuration.storageDirectory = root
        configuration.consentDirectory = root
        configuration.diagnosticHandler = diagnostics.append
        configuration.endpoint = TrackingEndpoint(scheme: .http, host: "collector.example.com")
        let refused = DeliverySink(configuration: configuration, notificationCenter: NotificationCenter())
        XCTAssertNil(refused.uploader)
        XCTAssertEqual(diagnostics.codes, [.invalidEndpoint])
        XCTAssertFalse(diagnostics.all.first?.message.contains("cleartext_key") ?? true)
        try refused.receive(TrackingEvent(timestamp: Date(), kind: .track, screen: nil, visibleRatio: 0, eventName: "Stored"))
        XCTAssertEqual(refused.statistics.queued, 1, "events are still stored")

        configuration.endpoint.allowsCleartextHTTP = true
        XCTAssertNotNil(DeliverySink(configuration: configuration, notificationCenter: NotificationCenter()).uploader)
        XCTAssertEqual(diagnostics.codes, [.invalidEndpoint])
    }
}
