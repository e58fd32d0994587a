import Foundation
import Tracking
import XCTest

/// Endpoint values and the URLs they form. Nothing here creates a transport or sends anything: the named
/// backends are checked part by part, and every URL built whole is a loopback one. Requests in the tests only
/// ever go to a `LoopbackCollector` on 127.0.0.1.
final class TrackingEndpointTests: XCTestCase {
    func testNamedEndpointsAreOneValueAway() throws {
        try assertParts(of: .segmentUS, scheme: "https", host: "api.segment.io", path: "/v1/batch")
        try assertParts(of: .segmentEU, scheme: "https", host: "events.eu1.segmentapis.com", path: "/v1/batch")
        try assertParts(
            of: .rudderStack(dataPlaneHost: "acme.dataplane.rudderstack.com"),
            scheme: "https", host: "acme.dataplane.rudderstack.com", path: "/v1/batch"
        )
        XCTAssertEqual(TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: 8080).url?.absoluteString, "http://127.0.0.1:8080/v1/batch")
        XCTAssertEqual(TrackingEndpoint(host: "127.0.0.1", path: "ingest/batch").url?.absoluteString, "https://127.0.0.1/ingest/batch")
    }

    func testPartsCannotSmuggleAnotherURL() {
        // A host with a path or an '@' in it does not become another host or path.
        let sneaky = TrackingEndpoint(host: "127.0.0.1/v1?x=", port: nil)
        XCTAssertNotEqual(sneaky.url?.host, "127.0.0.1")
        XCTAssertNil(TrackingEndpoint(host: "", port: nil).url)
        XCTAssertNil(TrackingEndpoint(host: "127.0.0.1", port: 0).url)
        XCTAssertNil(TrackingEndpoint(host: "127.0.0.1", port: 70_000).url)
    }

    func testReadsCommandLineURLs() throws {
        let loopback = try XCTUnwrap(TrackingEndpoint(url: XCTUnwrap(URL(string: "http://127.0.0.1:4318"))))
        XCTAssertEqual(loopback, TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: 4318))
        let custom = try XCTUnwrap(TrackingEndpoint(url: XCTUnwrap(URL(string: "http://127.0.0.1:4318/custom/batch"))))
        XCTAssertEqual(custom.path, "/custom/batch")
        XCTAssertNil(TrackingEndpoint(url: try XCTUnwrap(URL(string: "ftp://127.0.0.1/"))))
        XCTAssertNil(TrackingEndpoint(url: try XCTUnwrap(URL(string: "http://key@127.0.0.1/"))))
        XCTAssertNil(TrackingEndpoint(url: try XCTUnwrap(URL(string: "http://127.0.0.1/v1/batch?write_key=x"))))
    }

    // MARK: - Private

    private func assertParts(
        of endpoint: TrackingEndpoint, scheme: String, host: String, path: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(endpoint.scheme.rawValue, scheme, file: file, line: line)
        XCTAssertEqual(endpoint.host, host, file: file, line: line)
        XCTAssertNil(endpoint.port, file: file, line: line)
        XCTAssertEqual(endpoint.path, path, file: file, line: line)
        let url = try XCTUnwrap(endpoint.url, file: file, line: line)
        XCTAssertEqual(url.scheme, scheme, file: file, line: line)
        XCTAssertEqual(url.host, host, file: file, line: line)
        XCTAssertEqual(url.path, path, file: file, line: line)
        XCTAssertNil(url.port, file: file, line: line)
    }
}
