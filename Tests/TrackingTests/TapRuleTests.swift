import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// One tap rule (docs/uikit-semantics/tap-rule.md): the touch that fires an app's `UITapGestureRecognizer`
/// is the touch the tracker records as `Element Tapped`, and the touch that does not fire it is not.
final class TapRuleTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            TapFixture.shownWindows.removeAll()
        }
        super.tearDown()
    }

    func testTheTrackerAndUITapGestureRecognizerAgreeOnEveryTouch() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let window = fixture.show(feed)
            let card = fixture.element("feed_card", frame: CGRect(x: 0, y: 100, width: 400, height: 600), in: feed.view)
            let appTap = UITapGestureRecognizer()
            var appTaps = 0
            Headless.addAction(to: appTap) { recognizer in
                if recognizer.state == .ended { appTaps += 1 }
            }
            card.addGestureRecognizer(appTap)
            let tracker = fixture.startedTracker()

            // (movement in points, duration in seconds): within the rule, at its bounds, and just past them.
            let touches: [(CGFloat, TimeInterval)] = [(0, 0), (15, 0.1), (44.9, 0.2), (45, 0.75), (45.5, 0.1), (0, 0.76), (60, 0.2)]
            var agreements: [String] = []
            for (movement, duration) in touches {
                let start = fixture.clock.now().uptime
                let tapsBefore = fixture.tapSummaries.count, appTapsBefore = appTaps
                let finger = Headless.touchDown(at: CGPoint(x: 200, y: 300), in: window, timestamp: start)
                finger.move(to: CGPoint(x: 200, y: 300 + movement), timestamp: start + duration / 2)
                finger.lift(timestamp: start + duration)
                fixture.clock.advance(by: 2)
                let recorded = fixture.tapSummaries.count - tapsBefore, fired = appTaps - appTapsBefore
                agreements.append("\(movement) pt \(duration) s: tracker \(recorded), app \(fired)")
            }
            XCTAssertEqual(agreements, [
                "0.0 pt 0.0 s: tracker 1, app 1",
                "15.0 pt 0.1 s: tracker 1, app 1",
                "44.9 pt 0.2 s: tracker 1, app 1",
                "45.0 pt 0.75 s: tracker 1, app 1",
                "45.5 pt 0.1 s: tracker 0, app 0",
                "0.0 pt 0.76 s: tracker 0, app 0",
                "60.0 pt 0.2 s: tracker 0, app 0",
            ])
            tracker.stop()
        }
    }

    func testTheRuleIs45PointsAnd075Seconds() {
        XCTAssertEqual(TapRule.allowableMovement, 45)
        XCTAssertEqual(TapRule.maximumDuration, 0.75)
    }
}
