import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Tracking
import XCTest

// The README's front-end snippets ("Start a tracker", "Explicit events and identity", "Before-send"), as
// written, so that they keep compiling; the test below runs the ones that need no network.

extension TrackingEventName {
    static let orderCompleted: Self = "order_completed"
}

@MainActor
enum Analytics {
    static let tracker = Tracker(writeKey: "YOUR_WRITE_KEY")
}

// at launch, in application(_:didFinishLaunchingWithOptions:)
@MainActor
func startAnalytics() {
    Analytics.tracker.start()
}

@MainActor
func makeTracker() -> Tracker {
    var configuration = TrackingConfiguration()
    configuration.minimumVisibleDuration = 0.5
    var delivery = DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY")
    delivery.endpoint = .segmentEU
    return Tracker(configuration: configuration, delivery: delivery, sinks: [LoggingTrackingSink()])
}

@MainActor
func session(_ tracker: Tracker) {
    tracker.identify(traits: ["newsletter": true])                 // traits before log-in (anonymous)
    tracker.identify(userID: "u-42", traits: ["plan": "pro"])     // an identify event; later events carry u-42
    tracker.track(.orderCompleted, properties: ["total": 42.5])    // a track event
    tracker.screen("game_level", properties: ["level": 3])         // a screen that is not a view controller
    tracker.reset()                                                // log-out: new anonymous id, no user id
}

func fetchOrders(_ tracker: Tracker, from url: URL) {
    URLSession.shared.dataTask(with: url) { data, _, _ in
        tracker.track("orders_loaded", properties: ["bytes": .int(data?.count ?? 0)])
    }.resume()
}

func redactingConfiguration() -> TrackingConfiguration {
    var configuration = TrackingConfiguration()
    configuration.beforeSend = [
        { event in                                                  // redaction and enrichment
            var event = event
            event.eventProperties["email"] = nil
            event.eventProperties["app_variant"] = "beta"
            return event
        },
        { event in                                                  // sampling: a tenth of impressions
            event.kind == .impression && Int.random(in: 0..<10) != 0 ? nil : event
        },
    ]
    return configuration
}

/// Runs the README's session and redaction snippets against an in-memory sink.
final class ReadmeFrontEndSnippetTests: HeadlessTestCase {
    func testTheSessionAndRedactionSnippetsDoWhatTheReadmeSays() {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ReadmeFrontEnd-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        MainActor.assumeIsolated {
            var configuration = redactingConfiguration()
            configuration.storageDirectory = directory
            configuration.clock = ManualTrackingClock()
            let sink = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            tracker.track("signed_up", properties: ["email": "a@example.com", "plan": "pro"])
            session(tracker)
            XCTAssertEqual(sink.events.map(\.name), ["signed_up", "", "u-42", "order_completed", "game_level"])
            XCTAssertEqual(sink.events[0].properties, ["plan": "pro", "app_variant": "beta"])
            XCTAssertEqual(sink.events[1].identity?.userID, nil)
            XCTAssertEqual(sink.events[3].identity?.userID, "u-42")
            XCTAssertNil(tracker.identity.userID)
        }
    }
}
