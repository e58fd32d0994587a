// `Headless` exists only in HeadlessUIKit: on iOS this file compiles to nothing.
#if canImport(HeadlessUIKit)
import Foundation
import HeadlessUIKit
import LoopbackCollector
@testable import QuickStart
import Tracking
import XCTest

// Snippet: testing-uiaction-and-recognizer
final class OfferTapTests: XCTestCase {
    func testTheButtonsUIActionAndTheCardsRecognizerRunThroughTheRealTouchPath() async throws {
        let collector = try LoopbackCollector()
        defer { collector.stop() }
        var delivery = DeliveryConfiguration(writeKey: "test-key")
        delivery.endpoint = try XCTUnwrap(TrackingEndpoint(url: collector.url(path: "/v1/batch")))
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: storage) }

        let tracker: Tracker = await MainActor.run { [delivery] in
            Headless.reset()                             // a fresh, active app: no windows, nothing pending
            let clock = ManualTrackingClock()
            var configuration = TrackingConfiguration()
            configuration.clock = clock
            configuration.storageDirectory = storage
            configuration.tracksApplicationLifecycleEvents = false
            let tracker = Tracker(configuration: configuration, delivery: delivery)
            tracker.start()

            let offer = OfferViewController(tracker: tracker)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = offer
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            tracker.scanNow()                            // the screen view; the window gets the tracker's recognizer

            // Both through hit-testing, the window's recognizers and the view: the button's UIAction runs...
            Headless.tap(offer.buyButton, timestamp: clock.now().uptime)
            clock.advance(by: 2)
            // ...and the card's recognizer recognizes and runs its closure.
            let card = offer.offerCard
            let center = card.convert(CGPoint(x: card.bounds.midX, y: card.bounds.midY), to: window)
            Headless.tap(at: center, in: window, timestamp: clock.now().uptime)
            tracker.stop()
            window.isHidden = true
            return tracker
        }
        _ = await tracker.delivery?.flushAndWait()       // upload what is queued; wait for the answer

        let batches = collector.requests.compactMap { ($0.jsonBody as? [String: Any])?["batch"] as? [[String: Any]] }
        XCTAssertEqual(batches.joined().map { "\($0["event"] ?? $0["name"] ?? "-") \(($0["properties"] as? [String: Any])?["element_type"] ?? "-")" }, [
            "offer -",
            "Element Tapped buy_button",
            "purchase_started -",
            "offer_opened -",                           // the card's recognizer acts before the tap is recorded
            "Element Tapped offer_card",
            "Screen Ended -",                           // at stop()
        ])
    }
}
// Snippet end
#endif
