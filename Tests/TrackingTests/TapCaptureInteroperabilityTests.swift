import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 38: with tap capture on, the app's views, controls and gesture recognizers get exactly the
/// callbacks they get with it off, in the same order, with the same cancellations. Each script runs twice
/// on a fresh hierarchy, through real touches, and the two logs must be equal (and equal to the expected
/// one, so that an empty log cannot pass).
final class TapCaptureInteroperabilityTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            TapFixture.shownWindows.removeAll()
        }
        super.tearDown()
    }

    func testAppGestureRecognizersAndViewsSeeTheSameTouchesWithCaptureOnAsOff() {
        MainActor.assumeIsolated {
            let off = Self.runRecognizerScript(capturesTaps: false)
            let on = Self.runRecognizerScript(capturesTaps: true)
            XCTAssertEqual(on.log, off.log)
            XCTAssertEqual(off.events, [])
            XCTAssertEqual(on.events, ["tap feed_card @feed 1.0"], "only the tap on the card is recorded")
            XCTAssertEqual(on.log, [
                // A tap on the card: the app's tap recognizer recognizes and cancels the card's touch; the pan
                // stays possible and fails at the end.
                "appTap.touchesBegan", "card.touchesBegan", "appTap.touchesEnded", "card.touchesCancelled",
                "appTap.action(ended)", "appTap.reset", "appPan.reset",
                // A drag from the card: the tap fails, the pan begins, changes, ends, and cancels the card's touch.
                "appTap.touchesBegan", "card.touchesBegan", "appTap.touchesMoved", "card.touchesCancelled",
                "appPan.action(began)", "appPan.action(changed)", "appPan.action(ended)", "appTap.reset", "appPan.reset",
                // A tap beside the card: no recognizer recognizes; the content view's end waits for the pan.
                "content.touchesBegan", "content.touchesEnded", "appPan.reset",
                // A touch the system cancels.
                "content.touchesBegan", "content.touchesCancelled", "appPan.reset",
                // Two fingers on the card, one after the other: the second fails the app's tap.
                "appTap.touchesBegan", "card.touchesBegan", "appTap.touchesBegan", "card.touchesBegan",
                "card.touchesEnded", "card.touchesEnded", "appTap.reset", "appPan.reset",
            ])
        }
    }

    func testAButtonsActionAnAppTapRecognizerAndAScrollViewsPanBehaveTheSameWithCaptureOnAsOff() {
        MainActor.assumeIsolated {
            let off = Self.runControlScript(capturesTaps: false)
            let on = Self.runControlScript(capturesTaps: true)
            XCTAssertEqual(on.log, off.log)
            XCTAssertEqual(off.events, [])
            XCTAssertEqual(on.events, [
                "tap buy_button @feed 1.0", "tap feed_card @feed 1.0", "tap cell_button#3 @feed 1.0",
            ], "the scrolled cell shows 300 of its 500 points, and the finger landed on it")
            XCTAssertEqual(on.log, [
                // The button: its touch tracking, then its action.
                "buy.touchDown", "buy.touchUpInside", "buy.action", "buy.primaryActionTriggered",
                // The app's UITapGestureRecognizer on the card.
                "cardTap(ended)",
                // A pan that begins on a control in a scroll view that may cancel it: the control's touch is
                // cancelled and the scroll view scrolls by the finger's travel.
                "cell.touchDown", "cell.touchCancel", "willBeginDragging",
                "didScroll", "didScroll", "didScroll", "didScroll", "didEndDragging", "offset 200.0",
                // A quick tap on the control in the scroll view.
                "cell.touchDown", "cell.touchUpInside", "cell.primaryActionTriggered", "offset 200.0",
            ])
        }
    }

    // MARK: - Scripts

    /// A tracked button with an action, a tracked card with the app's `UITapGestureRecognizer`, and a
    /// scroll view holding a tracked button that a pan cancels; returns what the app saw and what the
    /// tracker recorded.
    @MainActor
    private static func runControlScript(capturesTaps: Bool) -> (log: [String], events: [String]) {
        final class ControlCancellingScrollView: UIScrollView {
            override func touchesShouldCancel(in view: UIView) -> Bool { true }
        }
        let fixture = TapFixture()
        let log = LifecycleLog()
        let feed = fixture.screen("feed")
        let window = fixture.show(feed)

        let buy = UIButton(frame: CGRect(x: 20, y: 20, width: 200, height: 60))
        buy.trackingElement = TrackingElement(elementType: "buy_button")
        buy.addAction(UIAction { _ in log.append("buy.action") }, for: .primaryActionTriggered)
        logControlEvents(of: buy, as: "buy", into: log)
        feed.view.addSubview(buy)

        let card = fixture.element("feed_card", frame: CGRect(x: 20, y: 100, width: 360, height: 100), in: feed.view)
        let cardTap = UITapGestureRecognizer()
        Headless.addAction(to: cardTap) { log.append("cardTap(\($0.state))") }
        card.addGestureRecognizer(cardTap)

        let scrollView = ControlCancellingScrollView(frame: CGRect(x: 0, y: 250, width: 400, height: 550))
        scrollView.contentSize = CGSize(width: 400, height: 5000)
        scrollView.delaysContentTouches = false
        let scrollLog = ScrollLog(log: log)
        scrollView.delegate = scrollLog
        // Tall enough to stay under the finger after the scroll.
        let cell = UIButton(frame: CGRect(x: 20, y: 0, width: 360, height: 500))
        cell.trackingElement = TrackingElement(elementType: "cell_button", identifier: "3")
        logControlEvents(of: cell, as: "cell", into: log)
        scrollView.addSubview(cell)
        feed.view.addSubview(scrollView)

        let tracker = fixture.startedTracker(capturesTaps: capturesTaps)
        let time = fixture.clock.now().uptime
        Headless.tap(buy, timestamp: time)
        Headless.tap(at: CGPoint(x: 100, y: 150), in: window, timestamp: time + 1)
        let finger = Headless.touchDown(at: CGPoint(x: 200, y: 500), in: window, timestamp: time + 2)
        for step in 1...4 {
            finger.move(to: CGPoint(x: 200, y: 500 - CGFloat(step) * 50), timestamp: time + 2 + Double(step) * 0.02)
        }
        finger.lift(timestamp: time + 2.2)
        log.append("offset \(scrollView.contentOffset.y)")
        Headless.tap(at: CGPoint(x: 200, y: 300), in: window, timestamp: time + 3)
        log.append("offset \(scrollView.contentOffset.y)")
        tracker.stop()
        return (log.entries, fixture.tapSummaries)
    }

    /// Taps, drags and cancels on a card that has the app's own tap recognizer, in a content view whose
    /// screen has the app's own pan recognizer; returns what the app saw and what the tracker recorded.
    @MainActor
    private static func runRecognizerScript(capturesTaps: Bool) -> (log: [String], events: [String]) {
        let fixture = TapFixture()
        let log = LifecycleLog()
        let feed = fixture.screen("feed")
        let window = fixture.show(feed)
        let content = LoggingTouchesView("content", log: log, frame: feed.view.bounds)
        feed.view.addSubview(content)
        let card = LoggingTouchesView("card", log: log, frame: CGRect(x: 20, y: 100, width: 360, height: 200))
        card.trackingElement = TrackingElement(elementType: "feed_card")
        content.addSubview(card)
        card.addGestureRecognizer(AppTapRecognizer("appTap", log: log))
        feed.view.addGestureRecognizer(AppPanRecognizer("appPan", log: log))
        let tracker = fixture.startedTracker(capturesTaps: capturesTaps)
        XCTAssertEqual(tracker.tapCapture == nil, !capturesTaps)
        let time = fixture.clock.now().uptime

        Headless.tap(at: CGPoint(x: 100, y: 150), in: window, timestamp: time)
        Headless.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 400), in: window, steps: 2, timestamp: time + 1)
        Headless.tap(at: CGPoint(x: 100, y: 600), in: window, timestamp: time + 2)
        Headless.touchDown(at: CGPoint(x: 100, y: 600), in: window, timestamp: time + 3).cancel(timestamp: time + 3.1)
        let first = Headless.touchDown(at: CGPoint(x: 100, y: 150), in: window, timestamp: time + 4)
        let second = Headless.touchDown(at: CGPoint(x: 200, y: 150), in: window, timestamp: time + 4)
        first.lift(timestamp: time + 4.1)
        second.lift(timestamp: time + 4.1)
        tracker.stop()
        return (log.entries, fixture.tapSummaries)
    }
}

// MARK: - The app's views and recognizers

/// Logs a control's touch events as `"<name>.<event>"`.
@MainActor
private func logControlEvents(of control: UIControl, as name: String, into log: LifecycleLog) {
    let events: [(String, UIControl.Event)] = [
        ("touchDown", .touchDown), ("touchDragInside", .touchDragInside), ("touchDragOutside", .touchDragOutside),
        ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside), ("touchCancel", .touchCancel),
        ("primaryActionTriggered", .primaryActionTriggered),
    ]
    for (label, event) in events {
        control.addAction(UIAction { _ in log.append("\(name).\(label)") }, for: event)
    }
}

/// A scroll-view delegate that logs the drag and every scroll.
@MainActor
private final class ScrollLog: NSObject, UIScrollViewDelegate {
    let log: LifecycleLog

    init(log: LifecycleLog) {
        self.log = log
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { log.append("didScroll") }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { log.append("willBeginDragging") }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { log.append("didEndDragging") }
}

/// A view that logs its touch callbacks as `"<name>.<callback>"`.
@MainActor
private final class LoggingTouchesView: UIView {
    private let name: String
    private let log: LifecycleLog

    init(_ name: String, log: LifecycleLog, frame: CGRect) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { nil }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name).touchesBegan") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name).touchesMoved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name).touchesEnded") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name).touchesCancelled") }
}

/// An app's own single-finger tap recognizer (UIKit's defaults: cancels and delays the view's touches).
@MainActor
private final class AppTapRecognizer: UIGestureRecognizer {
    private var label = ""
    private var log: LifecycleLog?
    private var start: CGPoint?

    convenience init(_ name: String, log: LifecycleLog) {
        self.init()
        self.label = name
        self.log = log
        Headless.addAction(to: self) { [unowned self] recognizer in self.log?.append("\(self.label).action(\(recognizer.state))") }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        log?.append("\(label).touchesBegan")
        guard touches.count == 1, start == nil, let touch = touches.first else {
            state = .failed
            return
        }
        start = touch.location(in: nil)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        log?.append("\(label).touchesMoved")
        guard let start, let location = touches.first?.location(in: nil) else { return }
        if abs(location.y - start.y) > 10 || abs(location.x - start.x) > 10 { state = .failed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        log?.append("\(label).touchesEnded")
        state = start != nil ? .ended : .failed
    }

    override func reset() {
        super.reset()
        start = nil
        log?.append("\(label).reset")
    }
}

/// An app's own pan: begins once the finger has moved 20 points, changes with it, ends when it lifts.
@MainActor
private final class AppPanRecognizer: UIGestureRecognizer {
    private var label = ""
    private var log: LifecycleLog?
    private var start: CGPoint?

    convenience init(_ name: String, log: LifecycleLog) {
        self.init()
        self.label = name
        self.log = log
        Headless.addAction(to: self) { [unowned self] recognizer in self.log?.append("\(self.label).action(\(recognizer.state))") }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if start == nil { start = touches.first?.location(in: nil) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start, let location = touches.first?.location(in: nil) else { return }
        if state == .possible, abs(location.y - start.y) > 20 {
            state = .began
        } else if state == .began || state == .changed {
            state = .changed
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .began || state == .changed ? .ended : .failed
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .began || state == .changed ? .cancelled : .failed
    }

    override func reset() {
        super.reset()
        start = nil
        log?.append("\(label).reset")
    }
}
