#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import HeadlessUIKit
#endif
import XCTest
import TestSupport

/// A gesture recognizer subclass written as on iOS (this file's source also type-checks against the iOS SDK)
/// that only observes: it never recognizes, cancels, delays or prevents anything, so the app's views,
/// controls and recognizers behave exactly as without it.
@MainActor
final class ObservingRecognizer: UIGestureRecognizer {
    private(set) var observed: [String] = []

    convenience init(observing: Void) {
        self.init()
        cancelsTouchesInView = false
        delaysTouchesBegan = false
        delaysTouchesEnded = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { observed.append("began \(touch.timestamp) \(type(of: touch.view!))") }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { observed.append("ended \(touch.timestamp)") }
        state = .failed
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .failed
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

final class PassiveRecognizerTests: HeadlessTestCase {
    func testAnObservingRecognizerOnTheWindowChangesNoCallbackOfTheApp() {
        MainActor.assumeIsolated {
            @MainActor func run(observing: Bool) -> (log: [String], observed: [String]) {
                Headless.reset()
                let log = LifecycleLog()
                let (window, view) = windowWithView(log)
                let observer = ObservingRecognizer(observing: ())
                if observing { window.addGestureRecognizer(observer) }
                let tap = UITapGestureRecognizer()
                Headless.addAction(to: tap) { log.append("tap(\($0.state))") }
                view.addGestureRecognizer(tap)
                let button = UIButton(frame: CGRect(x: 0, y: 200, width: 100, height: 44))
                window.rootViewController!.view.addSubview(button)
                logControlEvents(of: button, as: "B", into: log)
                let scrollView = UIScrollView(frame: CGRect(x: 0, y: 300, width: 390, height: 400))
                scrollView.contentSize = CGSize(width: 390, height: 2000)
                window.rootViewController!.view.addSubview(scrollView)

                Headless.tap(at: CGPoint(x: 50, y: 50), in: window, timestamp: 1)
                Headless.tap(button, timestamp: 2)
                Headless.drag(from: CGPoint(x: 100, y: 600), to: CGPoint(x: 100, y: 400), in: window, steps: 4, duration: 0.1, timestamp: 3)
                log.append("offset \(scrollView.contentOffset.y)")
                return (log.entries, observer.observed)
            }
            let without = run(observing: false)
            let with = run(observing: true)
            XCTAssertEqual(with.log, without.log)
            XCTAssertEqual(without.log, [
                "V.touchesBegan", "V.touchesCancelled", "tap(ended)",
                "B.touchDown", "B.touchUpInside", "B.primaryActionTriggered",
                "offset 200.0",
            ])
            XCTAssertEqual(with.observed, [
                "began 1.0 LoggingView", "ended 1.0", "began 2.0 UIButton", "ended 2.0", "began 3.0 UIScrollView", "ended 3.1",
            ])
        }
    }
}
