#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import DemoApp
import Foundation
import LoopbackCollector
import Tracking
import XCTest

/// The demo's scripted session delivers to a real HTTP server on 127.0.0.1 in the test process: every event
/// the tracker handed its sinks arrives exactly once, as the documented Segment call, with Basic auth, and
/// the summary line and the report say what the collector received.
///
/// The tests only read what one run recorded, so they share it: one scripted session (about 2 s) for all.
final class DemoDeliveryTests: XCTestCase {
    override class func tearDown() {
        MainActor.assumeIsolated {
            sharedRun?.finish()
            sharedRun = nil
        }
        super.tearDown()
    }

    func testEveryEventArrivesExactlyOnceAsTheDocumentedSegmentCall() throws {
        try MainActor.assumeIsolated {
            let run = try Self.run()
            let flush = try XCTUnwrap(run.flush, "the closing flush did not end within 60 s")
            let requests = run.collector.requests
            let events = run.sink.events

            XCTAssertFalse(requests.isEmpty)
            let authorization = "Basic " + Data("\(DemoSessionRun.writeKey):".utf8).base64EncodedString()
            for request in requests {
                XCTAssertEqual(request.method, "POST")
                XCTAssertEqual(request.path, "/v1/batch")
                XCTAssertEqual(request.header("Authorization"), authorization)
                XCTAssertEqual(request.behaviour, .accept)
            }
            let messages = try requests.flatMap(Self.messages(of:))
            let messageIds = messages.compactMap { $0["messageId"] as? String }
            XCTAssertEqual(messageIds.count, messages.count)
            XCTAssertEqual(Set(messageIds).count, messageIds.count, "a message arrived twice")
            XCTAssertEqual(Set(messageIds), Set(events.map(Self.messageId)))

            // In the tracker's order: each event as the call the README documents.
            let byId = Dictionary(uniqueKeysWithValues: zip(messageIds, messages))
            let received = events.map { byId[Self.messageId($0)].map(Self.call) ?? "missing" }
            XCTAssertEqual(received, events.map(Self.expectedCall))
            XCTAssertEqual(events.filter { $0.kind == .screenView }.count, 10)
            XCTAssertEqual(events.filter { $0.kind == .impression }.count, 21)
            XCTAssertEqual(events.filter { $0.kind == .track }.map(\.name), ["profile_saved", "logged_out"])
            XCTAssertEqual(events.filter { $0.kind == .identify }.map(\.name), ["user-1"])
            XCTAssertEqual(events.filter { $0.kind == .group }.map(\.name), ["demo-team"])

            XCTAssertEqual(flush.kept, 0)
            XCTAssertEqual(run.delivery.sink.statistics.delivered, events.count)
            XCTAssertEqual(run.delivery.sink.statistics.queued, 0)
            XCTAssertEqual(run.diagnostics.all.map(\.message), [])
        }
    }

    func testIdentifyAndResetFrameTheUserIdOnTheWire() throws {
        try MainActor.assumeIsolated {
            let run = try Self.run()
            let messages = try run.collector.requests.flatMap(Self.messages(of:))
            let byId = Dictionary(uniqueKeysWithValues: messages.map { ($0["messageId"] as? String ?? "", $0) })
            let events = run.sink.events
            let onWire = try events.map { try XCTUnwrap(byId[Self.messageId($0)]) }
            let identified = try XCTUnwrap(events.firstIndex { $0.kind == .identify })
            let loggedOut = try XCTUnwrap(events.firstIndex { $0.eventName == .loggedOut })

            // From the identify call up to and including the log-out event, and only there, the user is known.
            XCTAssertEqual(onWire.map { $0["userId"] as? String }, events.indices.map { (identified...loggedOut).contains($0) ? "user-1" : nil })
            XCTAssertEqual(onWire[identified]["traits"] as? [String: String], ["display_name": "Ada"])
            // reset() at logout: a new anonymous id for the login screen that follows.
            let anonymousIds = onWire.map { $0["anonymousId"] as? String ?? "" }
            XCTAssertEqual(Set(anonymousIds[...loggedOut]).count, 1)
            XCTAssertEqual(Set(anonymousIds[(loggedOut + 1)...]).count, 1)
            XCTAssertNotEqual(anonymousIds[loggedOut], anonymousIds[loggedOut + 1])
            XCTAssertEqual(events[(loggedOut + 1)...].map(DemoSessionRun.label), ["login", "login_button"])
        }
    }

    func testSummaryLineAndReportListWhatTheCollectorReceived() throws {
        try MainActor.assumeIsolated {
            let run = try Self.run()
            let requests = run.collector.requests
            let idsPerRequest = try requests.map { try Self.messages(of: $0).map { $0["messageId"] as? String ?? "" } }
            let total = idsPerRequest.reduce(0) { $0 + $1.count }
            let events = run.sink.events

            // As the demo reads the collector, and as it reads the sink's upload reports for another collector.
            let fromCollector = requests.enumerated().compactMap { index, request in
                DeliveredBatch(requestNumber: index + 1, status: request.behaviour.statusCode, wireBytes: request.wireBodySize, body: request.body)
            }
            let fromReports = run.delivery.batches(carrying: events)
            XCTAssertEqual(fromCollector.map { $0.messages.map(\.messageId) }, idsPerRequest)
            XCTAssertEqual(fromReports.map { $0.messages.map(\.messageId) }, idsPerRequest)
            XCTAssertEqual(fromReports.map(\.messages), fromCollector.map(\.messages))
            let subjects = Set(fromCollector.flatMap(\.messages).compactMap(\.subject))
            XCTAssertTrue(subjects.isSuperset(of: ["post_detail#post-6", "like_button#post-6 on post_detail#post-6", "login_button on login"]))
            XCTAssertEqual(fromReports.map(\.status), requests.map { _ in 200 })
            XCTAssertEqual(fromReports.map(\.bodyBytes), requests.map(\.body.count))

            let figures = "; \(total) events delivered in \(requests.count) \(requests.count == 1 ? "batch" : "batches")"
            for batches in [fromCollector, fromReports] {
                let line = DemoSummary(screenViews: 10, impressions: 21, scans: 75, scanDuration: 0.0164, batches: batches).line
                XCTAssertEqual(line, "Demo finished: 10 screen views, 21 impressions, 75 scans, 16.4 ms scanning" + figures)
            }
            XCTAssertEqual(total, events.count)

            let html = ScanReportHTML(title: "t", summary: "s", pictures: [], batches: fromCollector, deliveryNote: "n").render()
            for (index, ids) in idsPerRequest.enumerated() {
                XCTAssertTrue(html.contains("Request \(index + 1) · HTTP 200 · \(ids.count) messages · \(requests[index].body.count) bytes of JSON"))
                for id in ids {
                    XCTAssertTrue(html.contains("<code>\(id)</code>"), "the report does not list \(id)")
                }
            }
        }
    }

    // MARK: - Private

    @MainActor private static var sharedRun: DemoSessionRun?

    /// The run all tests read, started by the first one.
    @MainActor
    private static func run() throws -> DemoSessionRun {
        if let sharedRun { return sharedRun }
        Headless.reset()
        let run = try DemoSessionRun.start()
        sharedRun = run
        return run
    }

    /// The request's JSON `batch`, read here without the demo's parser.
    private static func messages(of request: CollectedRequest) throws -> [[String: Any]] {
        let body = try XCTUnwrap(request.jsonBody as? [String: Any], "not a JSON object")
        XCTAssertNotNil(body["sentAt"] as? String)
        return try XCTUnwrap(body["batch"] as? [[String: Any]], "no batch array")
    }

    private static func messageId(_ event: TrackingEvent) -> String {
        event.id.uuidString.lowercased()
    }

    /// A message as `screen post_detail {screen_id=post-6}`, `track Element Viewed {element_type=feed_cell, …}`.
    private static func call(_ message: [String: Any]) -> String {
        let type = message["type"] as? String ?? "?"
        let properties = message[type == "identify" ? "traits" : "properties"] as? [String: Any] ?? [:]
        let keys = ["element_type", "element_id", "screen_name", "screen_id", "display_name"]
        let shown = keys.compactMap { key in (properties[key] as? String).map { "\(key)=\($0)" } }
        let name = message[type == "track" ? "event" : type == "identify" ? "userId" : type == "group" ? "groupId" : "name"] as? String ?? "?"
        return "\(type) \(name) {\(shown.joined(separator: ", "))}"
    }

    /// What the README documents for each kind of event.
    private static func expectedCall(_ event: TrackingEvent) -> String {
        var shown: [String] = []
        switch event.kind {
        case .screenView:
            shown += event.screen?.identifier.map { ["screen_id=\($0)"] } ?? []
            return "screen \(event.name) {\(shown.joined(separator: ", "))}"
        case .impression:
            shown.append("element_type=\(event.name)")
            shown += event.element?.identifier.map { ["element_id=\($0)"] } ?? []
            shown += event.screen.map { ["screen_name=\($0.screenName)"] } ?? []
            shown += event.screen?.identifier.map { ["screen_id=\($0)"] } ?? []
            return "track Element Viewed {\(shown.joined(separator: ", "))}"
        case .identify:
            return "identify \(event.name) {display_name=Ada}"
        case .group:
            return "group \(event.name) {}"
        default:
            return "track \(event.name) {}"
        }
    }
}
