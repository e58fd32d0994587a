import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 44: a tap goes to the tracked thing under the finger even when that thing takes no touches: a
/// SwiftUI anchor (built as a hosting view builds them: siblings in the hosting view, which the touch
/// hit-tests to), a tracked label or image inside a card. A UIKit view in front keeps its taps. Every tap is
/// a real touch through the window's `sendEvent(_:)`, with positions checked exactly.
final class TapTargetTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            TapFixture.shownWindows.removeAll()
        }
        super.tearDown()
    }

    // MARK: - SwiftUI anchors

    func testATapOnASwiftUIViewWithTrackingElementRecordsItOnItsSwiftUIScreen() throws {
        try MainActor.assumeIsolated {
            let fixture = TapFixture()
            let host = AnchorFixture.hostingController()
            let window = fixture.show(host)
            let settings = TrackingScreen(screenName: "settings")
            AnchorFixture.screenAnchor(settings, frame: host.view.bounds, in: host.view)
            AnchorFixture.elementAnchor("save_button", "s1", frame: CGRect(x: 20, y: 600, width: 200, height: 50), in: host.view,
                                        environmentScreen: settings)
            AnchorFixture.elementAnchor("row", "r1", frame: CGRect(x: 0, y: 100, width: 400, height: 80), in: host.view,
                                        environmentScreen: settings)
            let tracker = fixture.startedTracker()
            // The anchors take no touches: the finger lands on the hosting view itself.
            XCTAssertTrue(window.hitTest(CGPoint(x: 70, y: 610), with: nil) === host.view)

            fixture.tap(at: CGPoint(x: 70, y: 610), in: window)
            fixture.tap(at: CGPoint(x: 300, y: 120), in: window)
            fixture.tap(at: CGPoint(x: 300, y: 400), in: window)  // on the screen anchor only: nothing tracked
            XCTAssertEqual(try XCTUnwrap(tracker.tapCapture).viewsVisitedByLastTap, 5,
                           "the hosting view's three anchors, then the hosting view and the window")
            XCTAssertEqual(fixture.summaries, ["tap save_button#s1 @settings 1.0", "tap row#r1 @settings 1.0"])
            XCTAssertEqual(fixture.sink.events.map(\.tapPosition), [
                TrackingTapPosition(x: 70, y: 610, elementX: 0.25, elementY: 0.2),
                TrackingTapPosition(x: 300, y: 120, elementX: 0.75, elementY: 0.25),
            ])
            tracker.stop()
        }
    }

    func testTheFrontMostAnchorUnderTheFingerWinsAndItsEnvironmentScreenBeatsTheUIKitScreen() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            // A hosting controller that is itself a tracked UIKit screen, holding a SwiftUI screen's anchors.
            let host = AnchorFixture.hostingController(screen: "shell")
            let window = fixture.show(host)
            let detail = TrackingScreen(screenName: "detail")
            AnchorFixture.screenAnchor(detail, frame: host.view.bounds, in: host.view)
            AnchorFixture.elementAnchor("card", frame: CGRect(x: 0, y: 100, width: 400, height: 300), in: host.view, environmentScreen: detail)
            // Drawn later, so in front: a badge over the card's corner.
            AnchorFixture.elementAnchor("badge", frame: CGRect(x: 300, y: 100, width: 100, height: 100), in: host.view, environmentScreen: detail)
            // An element outside any SwiftUI screen: the nearest tracked controller's.
            AnchorFixture.elementAnchor("footer", frame: CGRect(x: 0, y: 700, width: 400, height: 100), in: host.view)
            let tracker = fixture.startedTracker()

            fixture.tap(at: CGPoint(x: 350, y: 150), in: window)
            fixture.tap(at: CGPoint(x: 100, y: 150), in: window)
            fixture.tap(at: CGPoint(x: 100, y: 750), in: window)
            XCTAssertEqual(fixture.summaries, ["tap badge @detail 1.0", "tap card @detail 1.0", "tap footer @shell 1.0"])
            tracker.stop()
        }
    }

    func testAUIKitViewInFrontOfAnAnchorKeepsItsTaps() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let host = AnchorFixture.hostingController(screen: "shell")
            let window = fixture.show(host)
            AnchorFixture.elementAnchor("card", frame: CGRect(x: 0, y: 100, width: 400, height: 600), in: host.view)
            // A tracked UIKit button and an untracked UIKit control in front of the card's anchor.
            let buy = UIButton(frame: CGRect(x: 20, y: 150, width: 200, height: 50))
            buy.trackingElement = TrackingElement(elementType: "buy_button")
            host.view.addSubview(buy)
            let untracked = UIControl(frame: CGRect(x: 20, y: 300, width: 200, height: 50))
            host.view.addSubview(untracked)
            // An opaque picture that takes no touches, in front of the card: it covers the card there.
            let picture = UIView(frame: CGRect(x: 20, y: 450, width: 200, height: 100))
            picture.backgroundColor = .white
            picture.isUserInteractionEnabled = false
            host.view.addSubview(picture)
            // A SwiftUI cover declared by an occluder anchor, in front of the card too.
            AnchorFixture.occluderAnchor(frame: CGRect(x: 20, y: 600, width: 200, height: 50), in: host.view)
            let tracker = fixture.startedTracker()

            fixture.tap(at: CGPoint(x: 50, y: 160), in: window)
            fixture.tap(at: CGPoint(x: 50, y: 310), in: window)
            fixture.tap(at: CGPoint(x: 50, y: 500), in: window)
            fixture.tap(at: CGPoint(x: 50, y: 620), in: window)
            fixture.tap(at: CGPoint(x: 300, y: 310), in: window)
            XCTAssertEqual(fixture.summaries, ["tap buy_button @shell 1.0", "tap card @shell 1.0"],
                           "the button keeps its tap; the untracked control, the picture and the cover take theirs; beside them, the card")
            tracker.stop()
        }
    }

    // MARK: - Labels and images that take no touches

    func testATapOnATrackedLabelInsideACardGoesToTheLabelAndBesideItToTheCard() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            let card = fixture.element("feed_card", id: "7", frame: CGRect(x: 20, y: 100, width: 360, height: 200), in: feed.view)
            let content = UIView(frame: CGRect(x: 0, y: 0, width: 360, height: 200))
            card.addSubview(content)
            // UILabel takes no touches (UIKit's default); so does an image-like view made so.
            let title = UILabel(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
            title.trackingElement = TrackingElement(elementType: "card_title")
            content.addSubview(title)
            let image = UIView(frame: CGRect(x: 220, y: 10, width: 100, height: 100))
            image.isUserInteractionEnabled = false
            image.trackingElement = TrackingElement(elementType: "card_image")
            content.addSubview(image)
            let tracker = fixture.startedTracker()
            XCTAssertTrue(window.hitTest(CGPoint(x: 40, y: 120), with: nil) === content)

            fixture.tap(at: CGPoint(x: 80, y: 125), in: window)
            fixture.tap(at: CGPoint(x: 290, y: 135), in: window)
            fixture.tap(at: CGPoint(x: 100, y: 250), in: window)
            XCTAssertEqual(fixture.summaries, ["tap card_title @feed 1.0", "tap card_image @feed 1.0", "tap feed_card#7 @feed 1.0"])
            XCTAssertEqual(fixture.sink.events.map(\.tapPosition), [
                TrackingTapPosition(x: 80, y: 125, elementX: 0.25, elementY: 0.5),
                TrackingTapPosition(x: 290, y: 135, elementX: 0.5, elementY: 0.25),
                TrackingTapPosition(x: 100, y: 250, elementX: Double(CGFloat(80) / 360), elementY: 0.75),
            ])
            tracker.stop()
        }
    }

    func testTheSearchSeesSubviewsAsHitTestingDoes() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            let card = fixture.element("feed_card", frame: CGRect(x: 20, y: 100, width: 360, height: 200), in: feed.view)
            let hidden = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
            hidden.trackingElement = TrackingElement(elementType: "hidden_label")
            hidden.isHidden = true
            card.addSubview(hidden)
            let faint = UILabel(frame: CGRect(x: 100, y: 0, width: 100, height: 50))
            faint.trackingElement = TrackingElement(elementType: "faint_label")
            faint.alpha = 0.005
            card.addSubview(faint)
            // A label hanging out of a small container: hit-testing never reaches it outside the container.
            let container = UIView(frame: CGRect(x: 200, y: 0, width: 50, height: 50))
            container.isUserInteractionEnabled = false
            let overhang = UILabel(frame: CGRect(x: 0, y: 0, width: 150, height: 50))
            overhang.trackingElement = TrackingElement(elementType: "overhang_label")
            container.addSubview(overhang)
            card.addSubview(container)
            let tracker = fixture.startedTracker()

            fixture.tap(at: CGPoint(x: 40, y: 120), in: window)
            fixture.tap(at: CGPoint(x: 140, y: 120), in: window)
            fixture.tap(at: CGPoint(x: 300, y: 120), in: window)
            fixture.tap(at: CGPoint(x: 240, y: 120), in: window)
            XCTAssertEqual(fixture.summaries, [
                "tap feed_card @feed 1.0", "tap feed_card @feed 1.0", "tap feed_card @feed 1.0", "tap overhang_label @feed 1.0",
            ])
            tracker.stop()
        }
    }

    func testAnAnchorTapDuringATransitionOrInTheBackgroundRecordsNothing() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let home = fixture.screen("home")
            let navigation = UINavigationController(rootViewController: home)
            let window = fixture.show(navigation)
            let host = AnchorFixture.hostingController()
            let detail = TrackingScreen(screenName: "detail")
            AnchorFixture.screenAnchor(detail, frame: CGRect(x: 0, y: 0, width: 400, height: 800), in: host.view)
            AnchorFixture.elementAnchor("detail_card", frame: CGRect(x: 0, y: 200, width: 400, height: 400), in: host.view,
                                        environmentScreen: detail)
            let tracker = fixture.startedTracker()

            navigation.pushViewController(host, animated: true)
            XCTAssertNotNil(navigation.transitionCoordinator)
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            XCTAssertEqual(fixture.tapSummaries, [])
            Headless.settle(timeout: MainRunLoop.bound)
            Headless.enterBackground()
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            XCTAssertEqual(fixture.tapSummaries, [])
            Headless.enterForeground()
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            XCTAssertEqual(fixture.tapSummaries, ["tap detail_card @detail 1.0"])
            tracker.stop()
        }
    }
}
