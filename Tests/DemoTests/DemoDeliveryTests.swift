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
            XCTAssertEqual(events.filter { $0.kind == .screenView }.count, 11)
            // Every screen view's span ends: by the next screen, the page sheet, the background, or the stop.
            XCTAssertEqual(events.filter { $0.kind == .screenEnded }.count, 11)
            XCTAssertEqual(events.filter { $0.kind == .impression }.count, 22)
            XCTAssertEqual(events.filter { $0.kind == .track }.map(\.name), [
                "Application Installed", "Application Opened", "profile_saved",
                "Application Backgrounded", "Application Opened", "logged_out",
                "Application Backgrounded", "Application Opened", "Deep Link Opened",
            ])
            let lifecycle = events.filter { $0.name.hasPrefix("Application ") || $0.name == "Deep Link Opened" }.map(\.properties)
            XCTAssertEqual(lifecycle.map { $0["from_background"] }, [nil, false, nil, true, nil, true, nil])
            // The version and build of the app's Info.plist, as a device sends them.
            let installedOrOpened = events.filter { $0.name == "Application Installed" || $0.name == "Application Opened" }
            XCTAssertEqual(installedOrOpened.map { $0.properties["version"] }, Array(repeating: "1.4.0", count: 4))
            XCTAssertEqual(installedOrOpened.map { $0.properties["build"] }, Array(repeating: "27", count: 4))
            let apps = messages.map { ($0["context"] as? [String: Any])?["app"] as? [String: Any] }
            XCTAssertEqual(Set(apps.map { $0?["version"] as? String }), ["1.4.0"])
            XCTAssertEqual(Set(apps.map { $0?["build"] as? String }), ["27"])
            XCTAssertEqual(lifecycle.last?["url"], "https://127.0.0.1/posts/post-6?utm_source=newsletter")
            XCTAssertEqual(lifecycle.last?["referring_application"], "com.apple.mobilemail")
            XCTAssertEqual(events.filter { $0.kind == .identify }.map(\.name), ["user-1"])
            // Every tap of the script is a real touch: the tracked controls it taps, the like button four times.
            XCTAssertEqual(events.filter { $0.kind == .tap }.map(DemoSessionRun.label), [
                "login_button", "feed_cell#post-6", "like_button#post-6", "like_button#post-6", "like_button#post-6",
                "like_button#post-6", "save_button", "logout_button", "support_button",
            ])
            XCTAssertEqual(events.filter { $0.kind == .rageTap }.map { "\(DemoSessionRun.label($0)) \($0.tapCount ?? 0)" }, ["like_button#post-6 4"])
            // The support button shows nothing: one dead tap, with its tap's time and place. Every other tap
            // changed something (the like count, a screen), so none of them is dead.
            let dead = events.filter { $0.kind == .deadTap }
            XCTAssertEqual(dead.map(DemoSessionRun.label), ["support_button"])
            let supportTap = try XCTUnwrap(events.last { $0.kind == .tap })
            XCTAssertEqual(dead.first?.timestamp, supportTap.timestamp)
            XCTAssertEqual(dead.first?.tapPosition, supportTap.tapPosition)
            XCTAssertEqual(supportTap.tapPosition, TrackingTapPosition(x: 195, y: 508, elementX: 0.5, elementY: 0.5))
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

            // reset() first ends the visibility spans: the settings screen's end still belongs to user-1.
            let lastOfUser = loggedOut + 1
            XCTAssertEqual(DemoSessionRun.label(events[lastOfUser]), "settings")
            XCTAssertEqual(events[lastOfUser].kind, .screenEnded)
            // From the identify call up to that screen end, and only there, the user is known.
            XCTAssertEqual(onWire.map { $0["userId"] as? String }, events.indices.map { (identified...lastOfUser).contains($0) ? "user-1" : nil })
            XCTAssertEqual(onWire[identified]["traits"] as? [String: String], ["display_name": "Ada"])
            // reset() at logout: a new anonymous id for the login screen that follows.
            let anonymousIds = onWire.map { $0["anonymousId"] as? String ?? "" }
            XCTAssertEqual(Set(anonymousIds[...lastOfUser]).count, 1)
            XCTAssertEqual(Set(anonymousIds[(lastOfUser + 1)...]).count, 1)
            XCTAssertNotEqual(anonymousIds[lastOfUser], anonymousIds[lastOfUser + 1])
            // Step 14 ends login at the move to the background, and the stop at the end ends forgot_password.
            XCTAssertEqual(events[(lastOfUser + 1)...].map(DemoSessionRun.label), [
                "login", "login_button", "login", "Application Backgrounded", "Application Opened",
                "forgot_password", "support_button", "Deep Link Opened", "support_button", "support_button", "forgot_password",
            ])
        }
    }

    /// Acceptance 48 in the demo: each move to the background starts an upload that carries its own
    /// `Screen Ended` and `Application Backgrounded` as its last messages (none waits for the return).
    func testEachBackgroundingUploadsItsOwnEventsInTheUploadItStarts() throws {
        try MainActor.assumeIsolated {
            let run = try Self.run()
            let perRequest = try run.collector.requests.map { request in
                try Self.messages(of: request).map { ($0["event"] ?? $0["name"]) as? String ?? "?" }
            }
            let backgroundUploads = perRequest.filter { $0.contains("Application Backgrounded") }
            XCTAssertEqual(backgroundUploads.count, 2, "\(perRequest)")
            for messages in backgroundUploads {
                XCTAssertEqual(Array(messages.suffix(2)), ["Screen Ended", "Application Backgrounded"], "\(messages)")
            }
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

            // What was delivered of each kind, counted from the recorded events, not from the wire.
            let tracks = events.filter { $0.kind == .track }
            let lifecycleCount = tracks.filter { $0.name.hasPrefix("Application ") }.count
            let deepLinks = tracks.filter { $0.name == "Deep Link Opened" }.count
            func count(_ kind: TrackingEventKind) -> Int { events.filter { $0.kind == kind }.count }
            let kinds = "\(count(.screenView)) screen views, \(count(.impression)) impressions, \(count(.screenEnded)) screen ends, "
                + "\(count(.tap)) taps, \(count(.rageTap)) rage tap, \(count(.deadTap)) dead tap, "
                + "\(lifecycleCount) lifecycle events, \(deepLinks) deep link, \(tracks.count - lifecycleCount - deepLinks) other track calls, "
                + "\(count(.identify)) identify call, \(count(.group)) group call"
            XCTAssertEqual(kinds, "11 screen views, 22 impressions, 11 screen ends, 9 taps, 1 rage tap, 1 dead tap, 6 lifecycle events, 1 deep link, "
                + "2 other track calls, 1 identify call, 1 group call")
            let figures = "; \(total) events delivered in \(requests.count) \(requests.count == 1 ? "batch" : "batches") (\(kinds))"
            for batches in [fromCollector, fromReports] {
                let line = DemoSummary(screenViews: 11, screenEnds: 11, impressions: 21, scans: 75, scanDuration: 0.0164, batches: batches).line
                XCTAssertEqual(line, "Demo finished: 11 screen views, 11 screen ends, 21 impressions, 75 scans, 16.4 ms scanning" + figures)
            }
            XCTAssertEqual(total, events.count)

            let html = ScanReportHTML(title: "t", summary: "s", pictures: [], batches: fromCollector, deliveryNote: "n").render()
            XCTAssertTrue(html.contains("Delivered: \(kinds)."), "the report does not say what was delivered of each kind")
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
        var shown = keys.compactMap { key in (properties[key] as? String).map { "\(key)=\($0)" } }
        shown += (properties["tap_count"] as? Int).map { ["tap_count=\($0)"] } ?? []
        if let x = properties["tap_x"] as? Double, let y = properties["tap_y"] as? Double,
           let elementX = properties["tap_element_x"] as? Double, let elementY = properties["tap_element_y"] as? Double {
            shown.append("at=\(x),\(y) \(elementX)×\(elementY)")
        }
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
        case .impression, .tap, .rageTap, .deadTap:
            shown.append("element_type=\(event.name)")
            shown += event.element?.identifier.map { ["element_id=\($0)"] } ?? []
            shown += event.screen.map { ["screen_name=\($0.screenName)"] } ?? []
            shown += event.screen?.identifier.map { ["screen_id=\($0)"] } ?? []
            shown += event.tapCount.map { ["tap_count=\($0)"] } ?? []
            shown += event.tapPosition.map { ["at=\($0.x),\($0.y) \($0.elementX)×\($0.elementY)"] } ?? []
            let name = event.kind == .impression ? "Element Viewed"
                : event.kind == .tap ? "Element Tapped" : event.kind == .rageTap ? "Rage Tap" : "Dead Tap"
            return "track \(name) {\(shown.joined(separator: ", "))}"
        case .screenEnded:
            shown += event.screen.map { ["screen_name=\($0.screenName)"] } ?? []
            shown += event.screen?.identifier.map { ["screen_id=\($0)"] } ?? []
            return "track Screen Ended {\(shown.joined(separator: ", "))}"
        case .identify:
            return "identify \(event.name) {display_name=Ada}"
        case .group:
            return "group \(event.name) {}"
        default:
            return "track \(event.name) {}"
        }
    }
}
