import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The tracker's recognizers: one per scanned window while started, none otherwise; windows added later
/// get one, windows that go lose theirs; nothing keeps a window, a tracker or a recognizer alive.
final class TapRecognizerLifecycleTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            TapFixture.shownWindows.removeAll()
        }
        super.tearDown()
    }

    func testAStartedTrackerPutsOnePassiveRecognizerOnEachVisibleWindowAndStoppingTakesThemOff() throws {
        try MainActor.assumeIsolated {
            let fixture = TapFixture()
            let main = fixture.show(fixture.screen("feed"))
            let banner = fixture.show(fixture.screen("banner"), frame: CGRect(x: 0, y: 700, width: 400, height: 100))
            let hidden = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            TapFixture.shownWindows.append(hidden)
            XCTAssertEqual(Self.captureRecognizers(on: main).count, 0)

            let tracker = fixture.startedTracker()
            for window in [main, banner] {
                let recognizers = Self.captureRecognizers(on: window)
                XCTAssertEqual(recognizers.count, 1)
                let recognizer = try XCTUnwrap(recognizers.first)
                XCTAssertFalse(recognizer.cancelsTouchesInView)
                XCTAssertFalse(recognizer.delaysTouchesBegan)
                XCTAssertFalse(recognizer.delaysTouchesEnded)
                XCTAssertEqual(recognizer.name, "Sightline.TapCapture")
                XCTAssertEqual(recognizer.state, .possible)
                let other = UIGestureRecognizer()
                XCTAssertFalse(recognizer.canPrevent(other))
                XCTAssertFalse(recognizer.canBePrevented(by: other))
                XCTAssertFalse(recognizer.shouldRequireFailure(of: other))
                XCTAssertFalse(recognizer.shouldBeRequiredToFail(by: other))
                XCTAssertTrue(recognizer.delegate === recognizer)
                XCTAssertEqual(recognizer.delegate?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other), true)
            }
            XCTAssertEqual(Self.captureRecognizers(on: hidden).count, 0)
            // Scans keep one per window.
            tracker.scanNow()
            tracker.scanNow()
            XCTAssertEqual(Self.captureRecognizers(on: main).count, 1)
            XCTAssertEqual(Self.captureRecognizers(on: banner).count, 1)

            tracker.stop()
            XCTAssertNil(main.gestureRecognizers)
            XCTAssertNil(banner.gestureRecognizers)
            tracker.scanNow()
            XCTAssertNil(main.gestureRecognizers, "a scan of a stopped tracker installs nothing")
            tracker.start()
            XCTAssertEqual(Self.captureRecognizers(on: main).count, 1)
            tracker.stop()
        }
    }

    func testWithCaptureOffNoRecognizerIsEverAdded() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let main = fixture.show(fixture.screen("feed"))
            let tracker = fixture.startedTracker(capturesTaps: false)
            tracker.scanNow()
            XCTAssertNil(main.gestureRecognizers)
            XCTAssertNil(tracker.tapCapture)
            tracker.stop()
        }
    }

    func testAWindowShownLaterGetsOneAtTheNextScanAndItsTapsCount() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            fixture.show(fixture.screen("feed"))
            let tracker = fixture.startedTracker()
            let alert = fixture.screen("alert")
            // Shown without running the main run loop, so that no scheduled scan can come first.
            let alertWindow = UIWindow(frame: CGRect(x: 0, y: 300, width: 400, height: 200))
            alertWindow.rootViewController = alert
            alertWindow.makeKeyAndVisible()
            TapFixture.shownWindows.append(alertWindow)
            Headless.runUpdateCycle()
            fixture.element("ok_button", frame: CGRect(x: 0, y: 100, width: 400, height: 100), in: alert.view)
            fixture.tap(at: CGPoint(x: 50, y: 150), in: alertWindow)
            XCTAssertEqual(fixture.tapSummaries, [], "no recognizer before the next scan")

            tracker.scanNow()
            XCTAssertEqual(Self.captureRecognizers(on: alertWindow).count, 1)
            fixture.tap(at: CGPoint(x: 50, y: 150), in: alertWindow)
            XCTAssertEqual(fixture.tapSummaries, ["tap ok_button @alert 1.0"])
            tracker.stop()
        }
    }

    func testAHiddenWindowLosesItsRecognizerAtTheNextScanAndTheAppRemovingOneGetsItBack() throws {
        try MainActor.assumeIsolated {
            let fixture = TapFixture()
            let main = fixture.show(fixture.screen("feed"))
            let banner = fixture.show(fixture.screen("banner"), frame: CGRect(x: 0, y: 700, width: 400, height: 100))
            let tracker = fixture.startedTracker()
            banner.isHidden = true
            tracker.scanNow()
            XCTAssertNil(banner.gestureRecognizers)
            XCTAssertEqual(Self.captureRecognizers(on: main).count, 1)

            main.removeGestureRecognizer(try XCTUnwrap(Self.captureRecognizers(on: main).first))
            tracker.scanNow()
            XCTAssertEqual(Self.captureRecognizers(on: main).count, 1)
            XCTAssertEqual(tracker.tapCapture?.windowsWithRecognizers.count, 1)
            tracker.stop()
        }
    }

    func testAReleasedWindowTakesItsRecognizerWithIt() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            fixture.show(fixture.screen("feed"))
            weak var weakWindow: UIWindow?
            weak var weakRecognizer: UIGestureRecognizer?
            let tracker = fixture.startedTracker()
            do {
                let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
                window.rootViewController = fixture.screen("popup")
                window.makeKeyAndVisible()
                tracker.scanNow()
                weakWindow = window
                weakRecognizer = Self.captureRecognizers(on: window).first
                XCTAssertNotNil(weakRecognizer)
                window.isHidden = true
                window.windowScene = nil
            }
            tracker.scanNow()
            XCTAssertNil(weakWindow)
            XCTAssertNil(weakRecognizer)
            XCTAssertEqual(tracker.tapCapture?.windowsWithRecognizers.count, 1)
            tracker.stop()
        }
    }

    func testAReleasedTrackerTakesItsRecognizersOffAndKeepsNothingAlive() {
        MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let main = fixture.show(feed)
            fixture.element("feed_card", frame: CGRect(x: 0, y: 100, width: 400, height: 600), in: feed.view)
            weak var weakTracker: Tracker?
            weak var weakCapture: TapCapture?
            weak var weakRecognizer: UIGestureRecognizer?
            do {
                let tracker = fixture.startedTracker()
                fixture.tap(at: CGPoint(x: 100, y: 300), in: main)
                weakTracker = tracker
                weakCapture = tracker.tapCapture
                weakRecognizer = Self.captureRecognizers(on: main).first
                XCTAssertNotNil(weakRecognizer)
            }
            XCTAssertNil(weakTracker)
            XCTAssertNil(weakCapture)
            XCTAssertNil(weakRecognizer)
            XCTAssertNil(main.gestureRecognizers)
            fixture.tap(at: CGPoint(x: 100, y: 300), in: main)
            XCTAssertEqual(fixture.tapSummaries, ["tap feed_card @feed 1.0"])
        }
    }

    func testTheRecognizerStaysPossibleThroughATapAndFailsOnceTheFingerWandersOrASecondOneComes() throws {
        try MainActor.assumeIsolated {
            let fixture = TapFixture()
            let feed = fixture.screen("feed")
            let main = fixture.show(feed)
            fixture.element("feed_card", frame: CGRect(x: 0, y: 100, width: 400, height: 600), in: feed.view)
            let tracker = fixture.startedTracker()
            let recognizer = try XCTUnwrap(Self.captureRecognizers(on: main).first)
            let time = fixture.clock.now().uptime

            let finger = Headless.touchDown(at: CGPoint(x: 100, y: 300), in: main, timestamp: time)
            XCTAssertEqual(recognizer.state, .possible)
            finger.move(to: CGPoint(x: 127, y: 336), timestamp: time + 0.1)   // exactly 45 points away (the tap rule)
            XCTAssertEqual(recognizer.state, .possible)
            finger.lift(timestamp: time + 0.2)
            XCTAssertEqual(recognizer.state, .possible, "reset after the sequence")
            XCTAssertEqual(fixture.tapSummaries, ["tap feed_card @feed 1.0"])

            let wanderer = Headless.touchDown(at: CGPoint(x: 100, y: 300), in: main, timestamp: time + 1)
            wanderer.move(to: CGPoint(x: 100, y: 345.5), timestamp: time + 1.1)
            XCTAssertEqual(recognizer.state, .failed)
            wanderer.move(to: CGPoint(x: 100, y: 300), timestamp: time + 1.2)
            wanderer.lift(timestamp: time + 1.3)
            XCTAssertEqual(recognizer.state, .possible)

            let slow = Headless.touchDown(at: CGPoint(x: 100, y: 300), in: main, timestamp: time + 2)
            slow.lift(timestamp: time + 2.76)
            let quick = Headless.touchDown(at: CGPoint(x: 100, y: 300), in: main, timestamp: time + 3)
            quick.lift(timestamp: time + 3.75)

            let first = Headless.touchDown(at: CGPoint(x: 100, y: 300), in: main, timestamp: time + 4)
            let second = Headless.touchDown(at: CGPoint(x: 200, y: 300), in: main, timestamp: time + 4.05)
            XCTAssertEqual(recognizer.state, .failed)
            second.lift(timestamp: time + 4.1)
            first.lift(timestamp: time + 4.1)
            XCTAssertEqual(fixture.tapSummaries, ["tap feed_card @feed 1.0", "tap feed_card @feed 1.0"],
                           "a wandering finger, a long press and two fingers are not taps; a 0.75 s press is")
            tracker.stop()
        }
    }

    // MARK: - Helpers

    @MainActor
    private static func captureRecognizers(on window: UIWindow) -> [TapCaptureRecognizer] {
        (window.gestureRecognizers ?? []).compactMap { $0 as? TapCaptureRecognizer }
    }
}
