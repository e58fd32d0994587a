import Foundation
import Tracking
import XCTest

final class TrackingEndpointTests: XCTestCase {
    func testNamedEndpointsAreOneValueAway() {
        XCTAssertEqual(TrackingEndpoint.segmentUS.url?.absoluteString, "https://api.segment.io/v1/batch")
        XCTAssertEqual(TrackingEndpoint.segmentEU.url?.absoluteString, "https://events.eu1.segmentapis.com/v1/batch")
        XCTAssertEqual(TrackingEndpoint.rudderStack(dataPlaneHost: "acme.dataplane.rudderstack.com").url?.absoluteString,
                       "https://acme.dataplane.rudderstack.com/v1/batch")
        XCTAssertEqual(TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: 8080).url?.absoluteString, "http://127.0.0.1:8080/v1/batch")
        XCTAssertEqual(TrackingEndpoint(host: "collector.example", path: "ingest/batch").url?.absoluteString, "https://collector.example/ingest/batch")
    }

    func testPartsCannotSmuggleAnotherURL() {
        // A host with a path or an '@' in it does not become another host or path.
        let sneaky = TrackingEndpoint(host: "evil.example/v1?x=", port: nil)
        XCTAssertNotEqual(sneaky.url?.host, "evil.example")
        XCTAssertNil(TrackingEndpoint(host: "", port: nil).url)
        XCTAssertNil(TrackingEndpoint(host: "a.example", port: 0).url)
        XCTAssertNil(TrackingEndpoint(host: "a.example", port: 70_000).url)
    }

    func testReadsCommandLineURLs() throws {
        let loopback = try XCTUnwrap(TrackingEndpoint(url: XCTUnwrap(URL(string: "http://127.0.0.1:4318"))))
        XCTAssertEqual(loopback, TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: 4318))
        let custom = try XCTUnwrap(TrackingEndpoint(url: XCTUnwrap(URL(string: "https://c.example/custom/batch"))))
        XCTAssertEqual(custom.path, "/custom/batch")
        XCTAssertNil(TrackingEndpoint(url: try XCTUnwrap(URL(string: "ftp://c.example/"))))
        XCTAssertNil(TrackingEndpoint(url: try XCTUnwrap(URL(string: "https://key@c.example/"))))
        XCTAssertNil(TrackingEndpoint(url: try XCTUnwrap(URL(string: "https://c.example/v1/batch?write_key=x"))))
    }
}
