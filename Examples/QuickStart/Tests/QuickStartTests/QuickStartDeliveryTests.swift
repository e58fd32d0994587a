import Foundation
import LoopbackCollector
@testable import QuickStart
import Tracking
import XCTest

/// The app's events, explicit and from a background queue, reach a collector on 127.0.0.1 through URLSession,
/// and only after the person consents.
final class QuickStartDeliveryTests: XCTestCase {
    func testTheAppsEventsReachTheCollectorInOrderOnlyOnceThePersonConsents() async throws {
        let collector = try LoopbackCollector()
        defer { collector.stop() }
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("QuickStart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storage) }
        let endpoint = try XCTUnwrap(TrackingEndpoint(url: collector.url()))
        let analytics = await Analytics(writeKey: "quickstart", endpoint: endpoint, storageDirectory: storage)

        analytics.tracker.track("signed_up", properties: ["email": "a@example.com", "plan": "pro"])
        await recordOrder(with: analytics.tracker)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                analytics.refundIssued(amount: 12.5)
                DispatchQueue.main.async { done.resume() }
            }
        }
        let sink = try XCTUnwrap(analytics.tracker.delivery)
        let beforeConsent = await sink.flushAndWait()
        XCTAssertEqual(beforeConsent.requests, 0)
        XCTAssertEqual(collector.requests.count, 0, "nothing leaves the device while consent is pending")

        await MainActor.run { analytics.tracker.consent = .granted }
        XCTAssertEqual(sink.consent, .granted, "the delivery sink follows the tracker")
        XCTAssertTrue(FileManager.default.fileExists(atPath: storage.appendingPathComponent("consent").path))
        let summary = await sink.flushAndWait()

        XCTAssertEqual(summary, DeliveryFlushSummary(delivered: 10, kept: 0, rejected: 0, requests: 1))
        let request = try XCTUnwrap(collector.requests.first)
        XCTAssertEqual(request.path, "/v1/batch")
        XCTAssertEqual(request.header("Authorization"), "Basic " + Data("quickstart:".utf8).base64EncodedString())
        let batch = try XCTUnwrap((request.jsonBody as? [String: Any])?["batch"] as? [[String: Any]])
        // The tracker recorded the app's install and open when the app created it (held while consent was pending).
        XCTAssertEqual(batch.map { "\($0["type"] ?? "") \($0["event"] ?? $0["name"] ?? "-") \($0["userId"] ?? "-")" }, [
            "track Application Installed -",
            "track Application Opened -",
            "track signed_up -",
            "identify - -",
            "identify - u-42",
            "group - u-42",
            "track order_completed u-42",
            "screen game_level u-42",
            "alias - u-42-acme",
            "track refund_issued -",
        ])
        XCTAssertEqual(batch.map { ($0["properties"] ?? $0["traits"]) as? NSDictionary }, [
            ["version": "", "build": ""], ["from_background": false, "version": "", "build": ""],
            ["plan": "pro"], ["newsletter": true], ["plan": "pro"], ["seats": 12], ["total": 42.5],
            ["level": 3, "visible_ratio": 1], nil, ["amount": 12.5],
        ])
        let anonymousIDs = batch.map { $0["anonymousId"] as? String }
        XCTAssertEqual(Set(anonymousIDs[0...8]).count, 1)
        XCTAssertNotEqual(anonymousIDs[9], anonymousIDs[0], "reset() started a new anonymous id")
        XCTAssertNil(String(decoding: request.body, as: UTF8.self).range(of: "email"), "the before-send hook redacts it")
    }
}
