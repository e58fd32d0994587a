import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 40 end to end: real taps on a tracked element, a started tracker and a manual clock. Every tap
/// is an `Element Tapped`; the tap that completes a burst's rage tap is followed by one `Rage Tap`.
final class RageTapTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            TapFixture.shownWindows.removeAll()
        }
        super.tearDown()
    }

    func testThreeTapsWithinASecondMakeOneRageTapWithTheirCount() {
        MainActor.assumeIsolated {
            let (fixture, window, tracker) = Self.feed()
            for _ in 0..<3 {
                fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
                fixture.clock.advance(by: 0.4)
            }
            XCTAssertEqual(fixture.summaries, [
                "tap buy_button#9 @feed 1.0", "tap buy_button#9 @feed 1.0", "tap buy_button#9 @feed 1.0",
                "rage_tap buy_button#9 @feed 1.0 taps=3",
            ])
            let rage = fixture.sink.events[3]
            XCTAssertEqual(rage.timestamp, fixture.start.addingTimeInterval(0.8))
            XCTAssertEqual(rage.timestamp, fixture.sink.events[2].timestamp)
            XCTAssertEqual(rage.element, fixture.sink.events[2].element)
            XCTAssertEqual(fixture.log.all, [])
            tracker.stop()
        }
    }

    func testSlowerTapsMakeNone() {
        MainActor.assumeIsolated {
            let (fixture, window, tracker) = Self.feed()
            for _ in 0..<5 {
                fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
                fixture.clock.advance(by: 0.6)
            }
            XCTAssertEqual(fixture.summaries, Array(repeating: "tap buy_button#9 @feed 1.0", count: 5))
            tracker.stop()
        }
    }

    func testALongerBurstStillMakesOneAndAPauseStartsANewBurst() {
        MainActor.assumeIsolated {
            let (fixture, window, tracker) = Self.feed()
            for _ in 0..<6 {
                fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
                fixture.clock.advance(by: 0.1)
            }
            fixture.clock.advance(by: 1)
            for _ in 0..<3 {
                fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
                fixture.clock.advance(by: 0.1)
            }
            let tap = "tap buy_button#9 @feed 1.0"
            let rage = "rage_tap buy_button#9 @feed 1.0 taps=3"
            XCTAssertEqual(fixture.summaries, [tap, tap, tap, rage, tap, tap, tap, tap, tap, tap, rage])
            tracker.stop()
        }
    }

    func testATapOnAnotherElementEndsTheBurstAndTapsOnNothingDoNot() {
        MainActor.assumeIsolated {
            let (fixture, window, tracker) = Self.feed()
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            fixture.tap(at: CGPoint(x: 100, y: 50), in: window)     // the untracked header: no effect
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            fixture.tap(at: CGPoint(x: 100, y: 600), in: window)    // another element: a new burst
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            XCTAssertEqual(fixture.summaries, [
                "tap buy_button#9 @feed 1.0", "tap buy_button#9 @feed 1.0", "tap share_button @feed 1.0",
                "tap buy_button#9 @feed 1.0", "tap buy_button#9 @feed 1.0",
            ])
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            XCTAssertEqual(fixture.summaries.suffix(2), ["tap buy_button#9 @feed 1.0", "rage_tap buy_button#9 @feed 1.0 taps=3"])
            tracker.stop()
        }
    }

    func testTheConfiguredCountAndIntervalDecide() {
        MainActor.assumeIsolated {
            let (fixture, window, tracker) = Self.feed(rageTapCount: 2, rageTapInterval: 0.25)
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            fixture.clock.advance(by: 0.3)
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            fixture.clock.advance(by: 0.25)
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            XCTAssertEqual(fixture.summaries, [
                "tap buy_button#9 @feed 1.0", "tap buy_button#9 @feed 1.0", "tap buy_button#9 @feed 1.0",
                "rage_tap buy_button#9 @feed 1.0 taps=2",
            ])
            tracker.stop()
        }
    }

    func testStoppingForgetsTheBurst() {
        MainActor.assumeIsolated {
            let (fixture, window, tracker) = Self.feed()
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            tracker.stop()
            tracker.start()
            fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
            XCTAssertEqual(fixture.summaries, Array(repeating: "tap buy_button#9 @feed 1.0", count: 3))
            tracker.stop()
        }
    }

    // MARK: - Radius, exclusions, one per burst (scenario 46)

    func testWithTheDefaultsFourQuickTapsWithin44PointsMakeOneRageTapAtTheFourthTapsPosition() {
        MainActor.assumeIsolated {
            let (fixture, window, tracker) = Self.feed(rageTapCount: nil)
            let points = [CGPoint(x: 100, y: 300), CGPoint(x: 120, y: 300), CGPoint(x: 100, y: 330), CGPoint(x: 126.4, y: 335.2)]
            for point in points + points {
                fixture.tap(at: point, in: window)
                fixture.clock.advance(by: 0.1)
            }
            let tap = "tap buy_button#9 @feed 1.0"
            XCTAssertEqual(fixture.summaries, [tap, tap, tap, tap, "rage_tap buy_button#9 @feed 1.0 taps=4", tap, tap, tap, tap],
                           "one rage tap per burst, never one per later tap")
            // The 360 × 200 button at (20, 200): the rage tap is where the tap that completed it landed.
            guard fixture.sink.events.count == 9 else { return }
            XCTAssertEqual(fixture.sink.events[4].tapPosition, TrackingTapPosition(
                x: 126.4, y: 335.2, elementX: Double((126.4 - 20) / CGFloat(360)), elementY: Double((335.2 - 200) / CGFloat(200))
            ))
            XCTAssertEqual(fixture.sink.events[4].tapPosition, fixture.sink.events[3].tapPosition)
            tracker.stop()
        }
    }

    func testFourQuickTapsSpreadWiderThanTheRadiusAreNoRageTap() {
        MainActor.assumeIsolated {
            let (fixture, window, tracker) = Self.feed(rageTapCount: nil)
            // Along the 360-point button, 45 points apart: each lands farther than 44 from the one before.
            for index in 0..<8 {
                fixture.tap(at: CGPoint(x: 30 + 45 * CGFloat(index), y: 300), in: window)
                fixture.clock.advance(by: 0.05)
            }
            XCTAssertEqual(fixture.summaries, Array(repeating: "tap buy_button#9 @feed 1.0", count: 8))
            tracker.stop()
        }
    }

    func testTapsOnAControlThatAnswersRepeatedTapsItselfAreNoRageTapAndDoNotEndABurst() throws {
        try MainActor.assumeIsolated {
            let (fixture, window, tracker) = Self.feed(rageTapCount: nil)
            // A real stepper (untracked) inside the tracked button: its taps are attributed to the button.
            let stepper = UIStepper(frame: CGRect(x: 200, y: 50, width: 94, height: 32))
            let button = try XCTUnwrap(window.hitTest(CGPoint(x: 100, y: 300), with: nil))
            button.addSubview(stepper)
            XCTAssertTrue(window.hitTest(CGPoint(x: 290, y: 265), with: nil) === stepper, "on the stepper's + half")
            for _ in 0..<6 {
                fixture.tap(at: CGPoint(x: 290, y: 265), in: window)
                fixture.clock.advance(by: 0.05)
            }
            let tap = "tap buy_button#9 @feed 1.0"
            XCTAssertEqual(fixture.summaries, Array(repeating: tap, count: 6), "each step is an Element Tapped, never a rage tap")
            XCTAssertEqual(stepper.value, 6, "the stepper took every tap")
            // Taps beside the stepper: the burst they make is their own.
            for _ in 0..<4 {
                fixture.tap(at: CGPoint(x: 100, y: 300), in: window)
                fixture.clock.advance(by: 0.05)
            }
            XCTAssertEqual(fixture.summaries.suffix(5), [tap, tap, tap, tap, "rage_tap buy_button#9 @feed 1.0 taps=4"])
            tracker.stop()
        }
    }

    // MARK: - Helpers

    /// A feed screen with a tracked buy button (y 200–400) over an untracked header and a share button below.
    @MainActor
    /// `rageTapCount` `nil` keeps the configuration's default.
    private static func feed(rageTapCount: Int? = 3, rageTapInterval: TimeInterval = 1) -> (TapFixture, UIWindow, Tracker) {
        let fixture = TapFixture()
        let feed = fixture.screen("feed")
        let window = fixture.show(feed)
        feed.view.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 100)))
        fixture.element("buy_button", id: "9", frame: CGRect(x: 20, y: 200, width: 360, height: 200), in: feed.view)
        fixture.element("share_button", frame: CGRect(x: 20, y: 500, width: 360, height: 200), in: feed.view)
        let tracker = fixture.startedTracker(
            rageTapCount: rageTapCount ?? TrackingConfiguration().rageTapCount, rageTapInterval: rageTapInterval
        )
        return (fixture, window, tracker)
    }
}
