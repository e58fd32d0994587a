import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 39: a tap goes to the nearest tracked view under the finger, on the screen a scan gives it, and
/// only when a scan at that moment finds it visible; taps on nothing tracked, during a transition or in the
/// background record nothing. Every tap is a real touch through the window's `sendEvent(_:)`.
final class TapAttributionTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            TapFixture.shownWindows.removeAll()
        }
        super.tearDown()
    }

    func testATapOnALabelInsideATrackedCardRecordsTheCardOnTheCardsScreen() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            let card = fixture.element("feed_card", id: "7", frame: CGRect(x: 20, y: 100, width: 360, height: 200), in: feed.view)
            card.trackingElement?.properties = ["rank": 1]
            // A label is not user-interactive (UIKit's default): the finger lands on the content view.
            let content = UIView(frame: CGRect(x: 0, y: 0, width: 360, height: 200))
            let label = UILabel(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
            content.addSubview(label)
            card.addSubview(content)
            let tracker = fixture.startedTracker()
            XCTAssertTrue(window.hitTest(CGPoint(x: 40, y: 120), with: nil) === content)

            fixture.clock.advance(by: 2)
            fixture.tap(at: CGPoint(x: 40, y: 120), in: window)
            XCTAssertEqual(fixture.summaries, ["tap feed_card#7 @feed 1.0"])
            let event = fixture.sink.events[0]
            XCTAssertEqual(event.element?.properties, ["rank": 1])
            XCTAssertEqual(event.timestamp, fixture.clock.now().date)
            XCTAssertEqual(event.identity, tracker.identity)
            XCTAssertNotNil(event.context)
            XCTAssertEqual(fixture.log.all, [])
            tracker.stop()
        }
    }

    func testATapOnAnUntrackedAreaRecordsNothing() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            fixture.element("feed_card", frame: CGRect(x: 20, y: 100, width: 360, height: 200), in: feed.view)
            let tracker = fixture.startedTracker()

            fixture.tap(at: CGPoint(x: 200, y: 500), in: window)
            fixture.tap(at: CGPoint(x: 10, y: 150), in: window)
            XCTAssertEqual(fixture.summaries, [])
            tracker.stop()
        }
    }

    func testTheNearestTrackedAncestorWinsOverOneFurtherUp() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            let list = fixture.element("feed_list", frame: CGRect(x: 0, y: 0, width: 400, height: 800), in: feed.view)
            let card = fixture.element("feed_card", frame: CGRect(x: 20, y: 100, width: 360, height: 200), in: list)
            card.addSubview(UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20)))
            let tracker = fixture.startedTracker()

            fixture.tap(at: CGPoint(x: 30, y: 105), in: window)
            fixture.tap(at: CGPoint(x: 30, y: 600), in: window)
            XCTAssertEqual(fixture.summaries, ["tap feed_card @feed 1.0", "tap feed_list @feed 1.0"])
            tracker.stop()
        }
    }

    func testATapOnAnOpaqueSheetOverATrackedViewRecordsTheSheetsElementNeverTheOneUnderneath() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            fixture.element("spark_button", frame: CGRect(x: 20, y: 600, width: 360, height: 100), in: feed.view)
            let panel = fixture.element("promo_panel", frame: CGRect(x: 0, y: 500, width: 400, height: 300), in: feed.view)
            panel.backgroundColor = .white
            let tracker = fixture.startedTracker()

            fixture.tap(at: CGPoint(x: 100, y: 650), in: window)
            XCTAssertEqual(fixture.summaries, ["tap promo_panel @feed 1.0"])
            tracker.stop()
        }
    }

    func testATapOnAnUntrackedViewInFrontOfATrackedOneRecordsNothingAndAWindowInFrontTakesItsTaps() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            fixture.element("spark_button", frame: CGRect(x: 20, y: 600, width: 360, height: 100), in: feed.view)
            let toast = UIView(frame: CGRect(x: 0, y: 550, width: 200, height: 200))
            toast.backgroundColor = .white
            feed.view.addSubview(toast)
            let banner = fixture.screen("banner")
            let bannerWindow = fixture.show(banner, frame: CGRect(x: 200, y: 550, width: 200, height: 200))
            fixture.element("banner_button", frame: CGRect(x: 0, y: 0, width: 200, height: 200), in: banner.view)
            let tracker = fixture.startedTracker()

            fixture.tap(at: CGPoint(x: 100, y: 650), in: window)
            XCTAssertEqual(fixture.tapSummaries, [], "the toast in front took the tap")
            fixture.tap(at: CGPoint(x: 100, y: 100), in: bannerWindow)
            XCTAssertEqual(fixture.tapSummaries, ["tap banner_button @banner 1.0"])
            tracker.stop()
        }
    }

    func testATrackedViewFainterThanTheAlphaThresholdIsNotAttributedAndATouchThroughABannerGoesWhereUIKitSentIt() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            let button = fixture.element("spark_button", frame: CGRect(x: 20, y: 600, width: 360, height: 100), in: feed.view)
            let tracker = fixture.startedTracker(minimumAlpha: 0.5)

            // Fainter than the tracker's alpha threshold (still hit-testable above 0.01), by its own alpha or
            // an ancestor's: not seen, so not tapped either.
            button.alpha = 0.3
            fixture.tap(at: CGPoint(x: 100, y: 650), in: window)
            button.alpha = 1
            feed.view.alpha = 0.3
            fixture.tap(at: CGPoint(x: 100, y: 650), in: window)
            XCTAssertEqual(fixture.summaries, [])
            feed.view.alpha = 1

            // An opaque banner that lets touches through: UIKit delivers the touch to the button behind it,
            // whose action runs, so the tap is the button's (no scan judges occlusion at tap time).
            let banner = UIView(frame: CGRect(x: 0, y: 550, width: 400, height: 200))
            banner.backgroundColor = .white
            banner.isUserInteractionEnabled = false
            feed.view.addSubview(banner)
            XCTAssertTrue(window.hitTest(CGPoint(x: 100, y: 650), with: nil) === button)
            fixture.tap(at: CGPoint(x: 100, y: 650), in: window)
            XCTAssertEqual(fixture.summaries, ["tap spark_button @feed 1.0"])
            tracker.stop()
        }
    }

    func testATapInAPresentedSheetGivesTheSheetsScreen() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            fixture.element("feed_card", frame: CGRect(x: 0, y: 0, width: 400, height: 800), in: feed.view)
            let sheet = fixture.screen("share_sheet")
            sheet.modalPresentationStyle = .pageSheet
            feed.present(sheet, animated: false)
            Headless.settle()
            fixture.element("share_button", frame: CGRect(x: 20, y: 100, width: 360, height: 60), in: sheet.view)
            let tracker = fixture.startedTracker()

            // The sheet starts below the top inset. (Above it UIKit's dimming view takes the touches, which
            // HeadlessUIKit does not model yet.)
            fixture.tap(at: CGPoint(x: 100, y: 56 + 120), in: window)
            XCTAssertEqual(fixture.summaries, ["tap share_button @share_sheet 1.0"])
            feed.dismiss(animated: false)
            tracker.stop()
        }
    }

    func testATapDuringATransitionRecordsNothing() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let home = fixture.screen("home")
            let navigation = UINavigationController(rootViewController: home)
            let window = fixture.show(navigation)
            fixture.element("home_card", frame: CGRect(x: 0, y: 100, width: 400, height: 600), in: home.view)
            let detail = fixture.screen("detail")
            fixture.element("detail_card", frame: CGRect(x: 0, y: 100, width: 400, height: 600), in: detail.view)
            let tracker = fixture.startedTracker()

            navigation.pushViewController(detail, animated: true)
            XCTAssertNotNil(navigation.transitionCoordinator)
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            XCTAssertEqual(fixture.summaries, [])

            Headless.settle(timeout: MainRunLoop.bound)
            XCTAssertNil(navigation.transitionCoordinator)
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            // The scan the transition's end asks for may have run meanwhile: only taps are compared.
            XCTAssertEqual(fixture.tapSummaries, ["tap detail_card @detail 1.0"])
            tracker.stop()
        }
    }

    func testATapInTheBackgroundRecordsNothing() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            fixture.element("feed_card", frame: CGRect(x: 0, y: 100, width: 400, height: 600), in: feed.view)
            let tracker = fixture.startedTracker()

            Headless.enterBackground()
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            Headless.enterForeground()
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            XCTAssertEqual(fixture.summaries, ["tap feed_card @feed 1.0"])
            tracker.stop()
        }
    }

    func testTapsInterleaveWithScansInRealOrderAndPassTheHooks() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            fixture.element("feed_card", id: "1", frame: CGRect(x: 0, y: 100, width: 400, height: 600), in: feed.view)
            let tracker = fixture.startedTracker(beforeSend: [{ event in
                var event = event
                if event.kind == .tap { event.element?.properties["hooked"] = true }
                return event
            }])

            XCTAssertEqual(tracker.scanNow().map(\.summary), ["screen_view feed 1.0"])
            fixture.clock.advance(by: 0.5)
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            fixture.clock.advance(by: 0.5)
            XCTAssertEqual(tracker.scanNow().map(\.summary), ["impression feed_card#1 @feed 1.0"])
            XCTAssertEqual(fixture.summaries, [
                "screen_view feed 1.0", "tap feed_card#1 @feed 1.0", "impression feed_card#1 @feed 1.0",
            ])
            XCTAssertEqual(fixture.sink.events.map(\.timestamp), [0, 0.5, 1].map { fixture.start.addingTimeInterval($0) })
            XCTAssertEqual(fixture.sink.events[1].element?.properties, ["hooked": true])
            XCTAssertEqual(tracker.statistics.eventsDelivered, 3)
            tracker.stop()
        }
    }

    func testWithCaptureOffNothingIsCreatedAndNothingRecorded() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            fixture.element("feed_card", frame: CGRect(x: 0, y: 100, width: 400, height: 600), in: feed.view)
            let tracker = fixture.startedTracker(capturesTaps: false)

            XCTAssertNil(tracker.tapCapture)
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            XCTAssertEqual(fixture.summaries, [])
            tracker.stop()
        }
    }
}
