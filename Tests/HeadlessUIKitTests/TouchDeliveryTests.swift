import XCTest
import HeadlessUIKit
import TestSupport

/// ACCEPTANCE 37 and UIKIT-SEMANTICS 41–42: touches reach views through hit-testing, gesture recognizers
/// hear them before the view, and the responder chain forwards what a view does not handle.
final class TouchDeliveryTests: HeadlessTestCase {
    func test37_tapsGoToTheHitTestViewSkippingHiddenTransparentAndNonInteractiveViews() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let window = showInWindow(UIViewController())
            let root = window.rootViewController!.view!
            let back = LoggingView("back", log: log, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let front = LoggingView("front", log: log, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            [back, front].forEach(root.addSubview)
            log.removeAll()
            let point = CGPoint(x: 50, y: 50)

            Headless.tap(at: point, in: window)
            XCTAssertEqual(log.entries, ["front.touchesBegan", "front.touchesEnded"], "the front-most subview wins")

            for hide in [{ front.isHidden = true }, { front.alpha = 0.009 }, { front.isUserInteractionEnabled = false }] {
                front.isHidden = false
                front.alpha = 1
                front.isUserInteractionEnabled = true
                hide()
                log.removeAll()
                Headless.tap(at: point, in: window)
                XCTAssertEqual(log.entries, ["back.touchesBegan", "back.touchesEnded"])
            }
            front.isUserInteractionEnabled = true
            front.alpha = 0.01
            log.removeAll()
            Headless.tap(at: point, in: window)
            XCTAssertEqual(log.entries, ["front.touchesBegan", "front.touchesEnded"], "alpha 0.01 still takes touches")
        }
    }

    func test37_aSubviewOutsideItsParentIsHitOnlyWhenTheParentSaysThePointIsInside() {
        MainActor.assumeIsolated {
            final class GenerousView: UIView {
                var extendsHitArea = false
                override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                    extendsHitArea ? bounds.insetBy(dx: -100, dy: -100).contains(point) : super.point(inside: point, with: event)
                }
            }
            let log = LifecycleLog()
            let window = showInWindow(UIViewController())
            let parent = GenerousView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            let stickingOut = LoggingView("out", log: log, frame: CGRect(x: 60, y: 0, width: 40, height: 40))
            parent.addSubview(stickingOut)
            window.rootViewController!.view.addSubview(parent)
            log.removeAll()
            let finger = Headless.touchDown(at: CGPoint(x: 70, y: 10), in: window)
            XCTAssertTrue(finger.touch.view === window.rootViewController!.view, "outside the parent: not hit")
            finger.lift()
            XCTAssertEqual(log.entries, [])

            parent.extendsHitArea = true
            Headless.tap(at: CGPoint(x: 70, y: 10), in: window)
            XCTAssertEqual(log.entries, ["out.touchesBegan", "out.touchesEnded"])
        }
    }

    func test37_gestureRecognizersHearTouchesBeforeTheViewAndAFailedOneReleasesTheDelayedEnd() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            let recognizer = LoggingGestureRecognizer("G", log: log)
            window.rootViewController!.view.addGestureRecognizer(recognizer)
            let finger = Headless.touchDown(at: CGPoint(x: 10, y: 10), in: window)
            finger.move(to: CGPoint(x: 12, y: 10))
            finger.lift()
            XCTAssertEqual(log.entries, [
                "G.touchesBegan", "V.touchesBegan", "G.touchesMoved", "V.touchesMoved", "G.touchesEnded",
                // delaysTouchesEnded holds the view's end until the recognizer, still possible, fails.
                "V.touchesEnded", "G.reset",
            ])
            XCTAssertEqual(recognizer.state, .possible)
            _ = view
        }
    }

    func test42_aRecognizerThatRecognizesCancelsTheViewsTouchesBeforeItsAction() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, _) = windowWithView(log)
            let recognizer = LoggingGestureRecognizer("G", log: log)
            recognizer.stateOnEnded = .recognized
            window.addGestureRecognizer(recognizer)
            Headless.tap(at: CGPoint(x: 10, y: 10), in: window)
            XCTAssertEqual(log.entries, [
                "G.touchesBegan", "V.touchesBegan", "G.touchesEnded", "V.touchesCancelled", "G.action(ended)", "G.reset",
            ])
        }
    }

    func test42_withoutCancelsTouchesInViewTheViewGetsItsEndAfterTheAction() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            let recognizer = LoggingGestureRecognizer("G", log: log)
            recognizer.stateOnEnded = .recognized
            recognizer.cancelsTouchesInView = false
            view.addGestureRecognizer(recognizer)
            Headless.tap(at: CGPoint(x: 10, y: 10), in: window)
            XCTAssertEqual(log.entries, [
                "G.touchesBegan", "V.touchesBegan", "G.touchesEnded", "G.action(ended)", "V.touchesEnded", "G.reset",
            ])
        }
    }

    func test42_aDelegateThatRefusesTheTouchKeepsTheRecognizerOut() {
        MainActor.assumeIsolated {
            final class Refusing: NSObject, UIGestureRecognizerDelegate {
                var asked = 0
                func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
                    asked += 1
                    return false
                }
            }
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            let recognizer = LoggingGestureRecognizer("G", log: log)
            recognizer.stateOnEnded = .recognized
            let delegate = Refusing()
            recognizer.delegate = delegate
            view.addGestureRecognizer(recognizer)
            let finger = Headless.touchDown(at: CGPoint(x: 10, y: 10), in: window)
            XCTAssertNil(finger.touch.gestureRecognizers)
            finger.lift()
            XCTAssertEqual(log.entries, ["V.touchesBegan", "V.touchesEnded"])
            XCTAssertEqual(delegate.asked, 1, "asked once, when the touch began")
        }
    }

    func test42_delaysTouchesBeganHoldsTheViewUntilTheRecognizerFails() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            let recognizer = LoggingGestureRecognizer("G", log: log)
            recognizer.delaysTouchesBegan = true
            recognizer.stateOnMoved = .failed
            view.addGestureRecognizer(recognizer)
            let finger = Headless.touchDown(at: CGPoint(x: 10, y: 10), in: window)
            XCTAssertEqual(log.entries, ["G.touchesBegan"])
            finger.move(to: CGPoint(x: 30, y: 10))
            finger.lift()
            XCTAssertEqual(log.entries, [
                "G.touchesBegan", "G.touchesMoved", "V.touchesBegan", "V.touchesMoved", "V.touchesEnded", "G.reset",
            ])
        }
    }

    func testResponderChainForwardsTouchesAViewDoesNotHandle() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            let plain = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            view.addSubview(plain)
            log.removeAll()
            let finger = Headless.touchDown(at: CGPoint(x: 5, y: 5), in: window)
            XCTAssertTrue(finger.touch.view === plain)
            finger.lift()
            XCTAssertEqual(log.entries, ["V.touchesBegan", "V.touchesEnded"], "UIResponder forwards to next, the superview")
        }
    }

    func testTouchesAndEventsCarryLocationsTimesAndTheirRecognizers() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            view.frame = CGRect(x: 20, y: 30, width: 100, height: 100)
            let recognizer = LoggingGestureRecognizer("G", log: log)
            view.addGestureRecognizer(recognizer)
            let finger = Headless.touchDown(at: CGPoint(x: 25, y: 35), in: window, tapCount: 2, timestamp: 100)
            let touch = finger.touch
            XCTAssertEqual(touch.phase, .began)
            XCTAssertEqual(touch.tapCount, 2)
            XCTAssertEqual(touch.timestamp, 100)
            XCTAssertTrue(touch.window === window)
            XCTAssertTrue(touch.view === view)
            XCTAssertEqual(touch.location(in: view), CGPoint(x: 5, y: 5))
            XCTAssertEqual(touch.location(in: nil), CGPoint(x: 25, y: 35))
            XCTAssertEqual(touch.gestureRecognizers?.count, 1)
            XCTAssertTrue(touch.gestureRecognizers?.first === recognizer)
            XCTAssertEqual(recognizer.numberOfTouches, 1)
            XCTAssertEqual(recognizer.location(in: view), CGPoint(x: 5, y: 5))

            finger.move(to: CGPoint(x: 45, y: 35), timestamp: 100.25)
            XCTAssertEqual(touch.phase, .moved)
            XCTAssertEqual(touch.timestamp, 100.25)
            XCTAssertEqual(touch.previousLocation(in: view), CGPoint(x: 5, y: 5))
            XCTAssertEqual(touch.location(in: view), CGPoint(x: 25, y: 5))
            XCTAssertTrue(touch.view === view, "a touch keeps the view it began in")

            let second = Headless.touchDown(at: CGPoint(x: 300, y: 300), in: window, timestamp: 100.5)
            XCTAssertEqual(touch.phase, .stationary, "a finger that did not move in this event is stationary")
            XCTAssertEqual(second.touch.phase, .began)
            second.lift(timestamp: 100.6)
            finger.lift(timestamp: 101)
            XCTAssertEqual(touch.phase, .ended)
            XCTAssertEqual(touch.timestamp, 101)
        }
    }

    func testTheEventListsItsTouchesByWindowViewAndRecognizer() {
        MainActor.assumeIsolated {
            final class EventProbe: UIView {
                var seen: [String] = []
                weak var recognizer: UIGestureRecognizer?
                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    guard let event, let window else { return }
                    seen.append("type=\(event.type) all=\(event.allTouches?.count ?? 0) window=\(event.touches(for: window)?.count ?? 0) view=\(event.touches(for: self)?.count ?? 0) recognizer=\(recognizer.flatMap { event.touches(for: $0) }?.count ?? 0) timestamp=\(event.timestamp)")
                }
            }
            let window = showInWindow(UIViewController())
            let probe = EventProbe(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let recognizer = UIGestureRecognizer()
            probe.addGestureRecognizer(recognizer)
            probe.recognizer = recognizer
            window.rootViewController!.view.addSubview(probe)
            let outside = Headless.touchDown(at: CGPoint(x: 200, y: 200), in: window, timestamp: 7)
            let inside = Headless.touchDown(at: CGPoint(x: 10, y: 10), in: window, timestamp: 8)
            XCTAssertEqual(probe.seen, ["type=touches all=2 window=2 view=1 recognizer=1 timestamp=8.0"])
            inside.lift(timestamp: 9)
            outside.lift(timestamp: 9)
        }
    }
}
