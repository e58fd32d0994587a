import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS 42–43: taps, buttons' touch tracking and a scroll view's pan, through the real touch path.
final class TouchInteractionTests: HeadlessTestCase {
    // MARK: - Tap recognizer

    func test42_aTapRecognizerFiresItsActionOnceAndCancelsTheViewsTouch() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            let tap = UITapGestureRecognizer()
            Headless.addAction(to: tap) { log.append("tap(\($0.state))") }
            view.addGestureRecognizer(tap)
            Headless.tap(at: CGPoint(x: 50, y: 50), in: window)
            XCTAssertEqual(log.entries, ["V.touchesBegan", "V.touchesCancelled", "tap(ended)"])
            XCTAssertEqual(tap.state, .possible, "reset once the sequence is over")
        }
    }

    func test42_withoutCancelsTouchesInViewTheViewGetsTouchesEndedAfterTheAction() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            let tap = UITapGestureRecognizer()
            tap.cancelsTouchesInView = false
            Headless.addAction(to: tap) { log.append("tap(\($0.state))") }
            view.addGestureRecognizer(tap)
            Headless.tap(at: CGPoint(x: 50, y: 50), in: window)
            XCTAssertEqual(log.entries, ["V.touchesBegan", "tap(ended)", "V.touchesEnded"])
        }
    }

    func test42_aTapFailsWhenTheFingerMovesTooFarOrASecondFingerComes() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            view.frame = UIScreen.main.bounds
            let tap = UITapGestureRecognizer()
            Headless.addAction(to: tap) { log.append("tap(\($0.state))") }
            view.addGestureRecognizer(tap)

            let far = Headless.touchDown(at: CGPoint(x: 50, y: 50), in: window, timestamp: 1)
            far.move(to: CGPoint(x: 50, y: 96), timestamp: 1.05)
            far.lift(timestamp: 1.1)
            XCTAssertEqual(log.entries, ["V.touchesBegan", "V.touchesMoved", "V.touchesEnded"], "46 points is beyond the 45-point allowance")

            log.removeAll()
            let near = Headless.touchDown(at: CGPoint(x: 50, y: 50), in: window, timestamp: 2)
            near.move(to: CGPoint(x: 50, y: 95), timestamp: 2.05)
            near.lift(timestamp: 2.1)
            XCTAssertEqual(log.entries, ["V.touchesBegan", "V.touchesMoved", "V.touchesCancelled", "tap(ended)"])

            log.removeAll()
            let first = Headless.touchDown(at: CGPoint(x: 50, y: 50), in: window, timestamp: 3)
            let second = Headless.touchDown(at: CGPoint(x: 150, y: 50), in: window, timestamp: 3.01)
            first.lift(timestamp: 3.05)
            second.lift(timestamp: 3.06)
            XCTAssertFalse(log.entries.contains("tap(ended)"), "two fingers are not a one-finger tap")
        }
    }

    func test42_aDoubleTapRecognizesOnTheSecondTapWithinTheInterval() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            let doubleTap = UITapGestureRecognizer()
            doubleTap.numberOfTapsRequired = 2
            Headless.addAction(to: doubleTap) { log.append("double(\($0.state))") }
            view.addGestureRecognizer(doubleTap)
            Headless.tap(at: CGPoint(x: 50, y: 50), in: window, timestamp: 10)
            Headless.tap(at: CGPoint(x: 50, y: 50), in: window, tapCount: 2, timestamp: 10.3)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("double") }, ["double(ended)"])

            log.removeAll()
            Headless.tap(at: CGPoint(x: 50, y: 50), in: window, timestamp: 20)
            Headless.tap(at: CGPoint(x: 50, y: 50), in: window, timestamp: 20.5)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("double") }, [], "0.5 s apart is two single taps")
        }
    }

    func test42_aDelegateRefusingTheTouchKeepsATapRecognizerOut() {
        MainActor.assumeIsolated {
            final class Refusing: NSObject, UIGestureRecognizerDelegate {
                func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { false }
            }
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            let tap = UITapGestureRecognizer()
            let delegate = Refusing()
            tap.delegate = delegate
            Headless.addAction(to: tap) { log.append("tap(\($0.state))") }
            view.addGestureRecognizer(tap)
            Headless.tap(at: CGPoint(x: 50, y: 50), in: window)
            XCTAssertEqual(log.entries, ["V.touchesBegan", "V.touchesEnded"])
        }
    }

    // MARK: - Buttons

    func test43_aTapOnAButtonSendsTouchDownThenTouchUpInsideThenThePrimaryAction() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let window = showInWindow(UIViewController())
            let button = UIButton(frame: CGRect(x: 100, y: 100, width: 80, height: 44), primaryAction: UIAction { _ in log.append("primary") })
            window.rootViewController!.view.addSubview(button)
            logControlEvents(of: button, as: "B", into: log)
            var highlightedDuringTouch: Bool?
            button.addAction(UIAction { _ in highlightedDuringTouch = button.isHighlighted }, for: .touchDown)

            Headless.tap(button)
            XCTAssertEqual(log.entries, ["B.touchDown", "B.touchUpInside", "primary", "B.primaryActionTriggered"])
            XCTAssertEqual(highlightedDuringTouch, true)
            XCTAssertFalse(button.isHighlighted)
            XCTAssertFalse(button.isTracking)
        }
    }

    func test43_releasedWithinSeventyPointsIsInsideAndFartherIsTouchUpOutside() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let window = showInWindow(UIViewController())
            let button = UIButton(frame: CGRect(x: 100, y: 100, width: 80, height: 44))
            window.rootViewController!.view.addSubview(button)
            logControlEvents(of: button, as: "B", into: log)

            let near = Headless.touchDown(at: CGPoint(x: 140, y: 122), in: window)
            near.move(to: CGPoint(x: 140, y: 213)) // 69 points below the bottom edge
            near.lift()
            XCTAssertEqual(log.entries, ["B.touchDown", "B.touchDragInside", "B.touchUpInside", "B.primaryActionTriggered"])

            log.removeAll()
            let far = Headless.touchDown(at: CGPoint(x: 140, y: 122), in: window)
            XCTAssertTrue(button.isTracking)
            far.move(to: CGPoint(x: 140, y: 400))
            XCTAssertFalse(button.isHighlighted, "not highlighted once the finger is outside")
            far.move(to: CGPoint(x: 140, y: 420))
            far.lift()
            XCTAssertEqual(log.entries, [
                "B.touchDown", "B.touchDragOutside", "B.touchDragExit", "B.touchDragOutside", "B.touchUpOutside",
            ])
        }
    }

    func test43_aButtonsActionWinsOverASingleTapRecognizerOnItsSuperview() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let window = showInWindow(UIViewController())
            let container = window.rootViewController!.view!
            let tap = UITapGestureRecognizer()
            Headless.addAction(to: tap) { log.append("tap(\($0.state))") }
            container.addGestureRecognizer(tap)
            let button = UIButton(frame: CGRect(x: 100, y: 100, width: 80, height: 44))
            container.addSubview(button)
            logControlEvents(of: button, as: "B", into: log)

            Headless.tap(button)
            XCTAssertEqual(log.entries, ["B.touchDown", "B.touchUpInside", "B.primaryActionTriggered"])
            log.removeAll()
            Headless.tap(at: CGPoint(x: 20, y: 400), in: window)
            XCTAssertEqual(log.entries, ["tap(ended)"], "elsewhere the recognizer still recognizes")
        }
    }

    // MARK: - Scroll view pan

    @MainActor
    private static func scrollViewWithButton(_ log: LifecycleLog, scrollView: UIScrollView = UIScrollView()) -> (UIWindow, UIScrollView, UIButton, ScrollRecorder) {
        let window = showInWindow(UIViewController())
        scrollView.frame = CGRect(x: 0, y: 0, width: 390, height: 800)
        scrollView.contentSize = CGSize(width: 390, height: 5000)
        let recorder = ScrollRecorder(log: log)
        scrollView.delegate = recorder
        let button = UIButton(frame: CGRect(x: 100, y: 300, width: 190, height: 60))
        scrollView.addSubview(button)
        window.rootViewController!.view.addSubview(scrollView)
        logControlEvents(of: button, as: "B", into: log)
        return (window, scrollView, button, recorder)
    }

    func test43_aPanThatBeginsCancelsTheButtonsTouchWhenTheScrollViewMayCancelControls() {
        MainActor.assumeIsolated {
            final class ControlCancellingScrollView: UIScrollView {
                override func touchesShouldCancel(in view: UIView) -> Bool { true }
            }
            let log = LifecycleLog()
            let (window, scrollView, button, recorder) = Self.scrollViewWithButton(log, scrollView: ControlCancellingScrollView())
            scrollView.delaysContentTouches = false
            let finger = Headless.touchDown(at: CGPoint(x: 200, y: 330), in: window, timestamp: 0)
            XCTAssertTrue(button.isTracking)
            finger.move(to: CGPoint(x: 200, y: 325), timestamp: 0.02)
            XCTAssertFalse(scrollView.isDragging, "5 points is not a pan yet")
            for step in 1...4 {
                finger.move(to: CGPoint(x: 200, y: 330 - CGFloat(step) * 50), timestamp: 0.02 + Double(step) * 0.02)
            }
            finger.lift(timestamp: 0.3)
            XCTAssertEqual(log.entries, [
                "B.touchDown", "B.touchDragInside",
                "B.touchCancel",
                "willBeginDragging tracking=true",
                "didScroll[UITrackingRunLoopMode]", "didScroll[UITrackingRunLoopMode]",
                "didScroll[UITrackingRunLoopMode]", "didScroll[UITrackingRunLoopMode]",
                "willEndDragging target=200.0", "didEndDragging decelerate=false",
            ])
            XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 200))
            XCTAssertFalse(button.isTracking)
            XCTAssertFalse(scrollView.isTracking)
            XCTAssertFalse(scrollView.isDragging)
            XCTAssertNotNil(recorder)
        }
    }

    func test43_aQuickDragFromAButtonScrollsAndTheButtonNeverSeesTheTouch() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, scrollView, _, recorder) = Self.scrollViewWithButton(log)
            Headless.drag(from: CGPoint(x: 200, y: 330), to: CGPoint(x: 200, y: 130), in: window, steps: 4, duration: 0.08, timestamp: 5)
            XCTAssertEqual(log.entries, [
                "willBeginDragging tracking=true",
                "didScroll[UITrackingRunLoopMode]", "didScroll[UITrackingRunLoopMode]",
                "didScroll[UITrackingRunLoopMode]", "didScroll[UITrackingRunLoopMode]",
                "willEndDragging target=200.0", "didEndDragging decelerate=false",
            ], "delaysContentTouches held the touch back for 150 ms, and the pan began first")
            XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 200))
            XCTAssertNotNil(recorder)
        }
    }

    func test43_aButtonHeldPastTheDelayKeepsItsTouchAndTheScrollViewDoesNotScroll() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, scrollView, button, _) = Self.scrollViewWithButton(log)
            let finger = Headless.touchDown(at: CGPoint(x: 200, y: 330), in: window, timestamp: 5)
            XCTAssertEqual(log.entries, [], "held back by delaysContentTouches")
            finger.move(to: CGPoint(x: 200, y: 331), timestamp: 5.2)
            XCTAssertEqual(log.entries, ["B.touchDown", "B.touchDragInside"], "150 ms passed: the button has the touch")
            finger.move(to: CGPoint(x: 200, y: 280), timestamp: 5.25)
            finger.lift(timestamp: 5.3)
            XCTAssertEqual(log.entries, [
                "B.touchDown", "B.touchDragInside", "B.touchDragInside", "B.touchUpInside", "B.primaryActionTriggered",
            ], "touchesShouldCancel(in:) is false for a control: no drag")
            XCTAssertEqual(scrollView.contentOffset, .zero)
            XCTAssertFalse(button.isTracking)
        }
    }

    func test43_aQuickTapOnAButtonInAScrollViewStillTaps() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, _, button, _) = Self.scrollViewWithButton(log)
            Headless.tap(button)
            XCTAssertEqual(log.entries, ["B.touchDown", "B.touchUpInside", "B.primaryActionTriggered"],
                           "the finger lifted before 150 ms: the held touch reaches the button, began then ended")
            XCTAssertNotNil(window)
        }
    }

    // MARK: - Pan recognizer

    func testAPanBeginsAfterTenPointsAndReportsTranslationAndVelocity() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            view.frame = UIScreen.main.bounds
            let pan = UIPanGestureRecognizer()
            var reports: [String] = []
            Headless.addAction(to: pan) { recognizer in
                let pan = recognizer as! UIPanGestureRecognizer
                reports.append("\(pan.state) \(pan.translation(in: view).x) \(pan.velocity(in: view).x.rounded())")
            }
            view.addGestureRecognizer(pan)
            let finger = Headless.touchDown(at: CGPoint(x: 100, y: 100), in: window, timestamp: 1)
            finger.move(to: CGPoint(x: 109, y: 100), timestamp: 1.1)
            XCTAssertEqual(pan.state, .possible)
            finger.move(to: CGPoint(x: 110, y: 100), timestamp: 1.2)
            finger.move(to: CGPoint(x: 130, y: 100), timestamp: 1.3)
            finger.lift(timestamp: 1.3)
            XCTAssertEqual(reports, ["began 10.0 10.0", "changed 30.0 200.0", "ended 30.0 200.0"])
            XCTAssertEqual(log.entries, ["V.touchesBegan", "V.touchesMoved", "V.touchesCancelled"])
        }
    }
}
