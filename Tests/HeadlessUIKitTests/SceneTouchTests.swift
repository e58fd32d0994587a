import XCTest
import HeadlessUIKit
import TestSupport

/// Touches on a scene (`Headless.tap(at:in: windowScene)`): the system gives the touch to the front-most
/// window whose `hitTest(_:with:)` answers a view, trying higher levels first, then the later-shown window;
/// a window that answers `nil` lets it fall through to the window behind.
final class SceneTouchTests: HeadlessTestCase {
    func testTheFrontWindowTakesTheTouchInItsOwnCoordinates() throws {
        try MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (back, _) = Self.window("back", frame: CGRect(x: 0, y: 0, width: 400, height: 800), log: log)
            // Shown first but at a higher level: level beats showing order.
            let (front, frontView) = Self.window("front", frame: CGRect(x: 50, y: 100, width: 200, height: 200), log: log,
                                                 level: .alert + 1)
            // Shown after `back` at the same level: covers it.
            let (later, _) = Self.window("later", frame: CGRect(x: 0, y: 0, width: 400, height: 800), log: log)
            back.isHidden = true
            back.isHidden = false // shown again: now after `later`
            log.removeAll()

            let finger = try XCTUnwrap(Headless.touchDown(at: CGPoint(x: 60, y: 110), in: Headless.windowScene))
            XCTAssertTrue(finger.touch.window === front)
            XCTAssertTrue(finger.touch.view === frontView)
            XCTAssertEqual(finger.touch.location(in: nil), CGPoint(x: 10, y: 10), "the scene point in the window's coordinates")
            finger.lift()
            XCTAssertEqual(log.entries, ["front.touchesBegan", "front.touchesEnded"])

            // Outside the front window: the later-shown of the two normal windows.
            log.removeAll()
            Headless.tap(at: CGPoint(x: 300, y: 500), in: Headless.windowScene)
            XCTAssertEqual(log.entries, ["back.touchesBegan", "back.touchesEnded"])
            _ = later
        }
    }

    func testAWindowThatAnswersNoViewLetsTheTapReachTheWindowBehind() {
        MainActor.assumeIsolated {
            final class PassThroughWindow: UIWindow {
                override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { nil }
            }
            let log = LifecycleLog()
            let point = CGPoint(x: 60, y: 110)
            let (back, _) = Self.window("back", frame: CGRect(x: 0, y: 0, width: 400, height: 800), log: log)
            let (front, _) = Self.window("front", frame: CGRect(x: 0, y: 0, width: 400, height: 800), log: log,
                                         level: .alert + 1)
            log.removeAll()
            Headless.tap(at: point, in: Headless.windowScene)
            XCTAssertEqual(log.entries, ["front.touchesBegan", "front.touchesEnded"], "the front window, before each change")

            let changes: [(String, () -> Void, () -> Void)] = [
                ("not user-interactive", { front.isUserInteractionEnabled = false }, { front.isUserInteractionEnabled = true }),
                ("hidden", { front.isHidden = true }, { front.isHidden = false }),
                ("alpha below 0.01", { front.alpha = 0.009 }, { front.alpha = 1 }),
            ]
            for (name, change, undo) in changes {
                change()
                log.removeAll()
                Headless.tap(at: point, in: Headless.windowScene)
                XCTAssertEqual(log.entries, ["back.touchesBegan", "back.touchesEnded"], name)
                undo()
            }

            // An override that answers nil, as a pass-through overlay's does.
            let overlay = PassThroughWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            overlay.windowLevel = .alert + 2
            overlay.addSubview(LoggingView("overlay", log: log, frame: overlay.bounds))
            overlay.isHidden = false
            log.removeAll()
            Headless.tap(at: point, in: Headless.windowScene)
            XCTAssertEqual(log.entries, ["front.touchesBegan", "front.touchesEnded"], "through the overlay to the window behind it")
            _ = (back, overlay)
        }
    }

    func testATapOutsideEveryWindowDeliversNothing() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, _) = Self.window("only", frame: CGRect(x: 0, y: 0, width: 400, height: 800), log: log)
            let recognizer = UITapGestureRecognizer()
            Headless.addAction(to: recognizer) { _ in log.append("windowTap") }
            window.addGestureRecognizer(recognizer)
            log.removeAll()

            XCTAssertNil(Headless.touchDown(at: CGPoint(x: 450, y: 100), in: Headless.windowScene))
            Headless.tap(at: CGPoint(x: 100, y: 820), in: Headless.windowScene)
            XCTAssertEqual(log.entries, [], "no view, no recognizer")

            Headless.tap(at: CGPoint(x: 100, y: 100), in: Headless.windowScene)
            XCTAssertEqual(log.entries, ["only.touchesBegan", "only.touchesCancelled", "windowTap"],
                           "inside, the view gets the touch, cancelled by the window's recognizer, which acts")
        }
    }

    // MARK: - Private

    /// A shown window at `frame` and `level`, filled by a view that logs its touches as `name`.
    @MainActor
    private static func window(_ name: String, frame: CGRect, log: LifecycleLog,
                               level: UIWindow.Level = .normal) -> (UIWindow, UIView) {
        let window = UIWindow(frame: frame)
        window.windowLevel = level
        let view = LoggingView(name, log: log, frame: window.bounds)
        window.addSubview(view)
        window.isHidden = false
        return (window, view)
    }
}
