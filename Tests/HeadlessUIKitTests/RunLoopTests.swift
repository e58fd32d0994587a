import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS.md statements 31–34: run loop, scrolling, notifications.
final class RunLoopTests: HeadlessTestCase {
    @MainActor
    private static func scrollingWindow(_ log: LifecycleLog) -> (UIWindow, UIScrollView, ScrollRecorder) {
        let window = showInWindow(UIViewController())
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 800))
        scrollView.contentSize = CGSize(width: 390, height: 5000)
        let recorder = ScrollRecorder(log: log)
        scrollView.delegate = recorder
        window.rootViewController?.view.addSubview(scrollView)
        return (window, scrollView, recorder)
    }

    func test31_dragRunsTheMainRunLoopInTrackingModeSoDefaultOnlyTimersWait() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, scrollView, recorder) = Self.scrollingWindow(log)
            let fired = Counter()
            let timer = Timer(timeInterval: 0.001, repeats: false) { _ in fired.value += 1 }
            RunLoop.main.add(timer, forMode: .default)
            var firedDuringDrag: [Int] = []
            recorder.onScroll = { firedDuringDrag.append(fired.value) }

            Headless.drag(scrollView, by: CGPoint(x: 0, y: -400), duration: 0.05)
            XCTAssertEqual(firedDuringDrag, Array(repeating: 0, count: 8), "the default-mode timer waits during the drag")
            XCTAssertEqual(Set(log.entries.filter { $0.hasPrefix("didScroll") }), ["didScroll[UITrackingRunLoopMode]"])
            XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 400))
            MainRunLoop.run(until: { fired.value > 0 })
            XCTAssertEqual(fired.value, 1, "it fires once the loop is back in .default")
            XCTAssertNotNil(window)
        }
    }

    func test32_whenIdleNotificationForDefaultWaitsOutTrackingAndIsPostedOnceCoalesced() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, scrollView, recorder) = Self.scrollingWindow(log)
            let center = NotificationCenter()
            let queue = NotificationQueue(notificationCenter: center)
            let name = Notification.Name("Idle")
            let posted = Counter()
            let observer = center.addObserver(forName: name, object: nil, queue: nil) { _ in posted.value += 1 }
            var postedDuringDrag: [Int] = []
            recorder.onScroll = {
                queue.enqueue(Notification(name: name), postingStyle: .whenIdle, coalesceMask: [.onName], forModes: [.default])
                postedDuringDrag.append(posted.value)
            }
            Headless.drag(scrollView, by: CGPoint(x: 0, y: -200), duration: 0.05)
            XCTAssertEqual(postedDuringDrag, Array(repeating: 0, count: 8))
            MainRunLoop.run(until: { posted.value > 0 })
            XCTAssertEqual(posted.value, 1, "eight enqueues coalesce into one post after tracking ends")
            center.removeObserver(observer)
            XCTAssertNotNil(window)
        }
    }

    func test33_dragWithFlingCallsTheDelegateInUIKitsOrder() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, scrollView, recorder) = Self.scrollingWindow(log)
            Headless.drag(scrollView, by: CGPoint(x: 0, y: -400), duration: 0.04, decelerate: true)
            let scroll = "didScroll[UITrackingRunLoopMode]"
            XCTAssertEqual(log.entries, ["willBeginDragging tracking=true"] + Array(repeating: scroll, count: 8)
                + ["willEndDragging target=600.0", "didEndDragging decelerate=true", "willBeginDecelerating"]
                + Array(repeating: scroll, count: 8) + ["didEndDecelerating decelerating=false"])
            XCTAssertEqual(scrollView.contentOffset.y, 600)
            XCTAssertFalse(scrollView.isDecelerating || scrollView.isDragging || scrollView.isTracking)

            log.removeAll()
            Headless.drag(scrollView, by: CGPoint(x: 0, y: -99_999), duration: 0.01)
            XCTAssertEqual(scrollView.contentOffset.y, 4200, "clamped to the end of the content")
            XCTAssertEqual(log.entries.last, "didEndDragging decelerate=false")
            XCTAssertNotNil(window)
            XCTAssertTrue(scrollView.delegate === recorder)
        }
    }

    func test34_applicationNotificationsComeInOrderWithTheApplicationAsObject() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let names: [Notification.Name] = [
                UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
                UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification,
                UIApplication.userDidTakeScreenshotNotification,
            ]
            let received = Received()
            let observers = names.map { name in
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                    received.append(note.name.rawValue, isApplication: note.object is UIApplication)
                }
            }
            Headless.enterBackground()
            log.append("state=\(UIApplication.shared.applicationState.rawValue)")
            Headless.enterForeground()
            log.append("state=\(UIApplication.shared.applicationState.rawValue)")
            Headless.takeScreenshot()
            observers.forEach(NotificationCenter.default.removeObserver)
            XCTAssertEqual(received.names, [
                "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
                "UIApplicationWillEnterForegroundNotification", "UIApplicationDidBecomeActiveNotification",
                "UIApplicationUserDidTakeScreenshotNotification",
            ])
            XCTAssertTrue(received.allFromApplication)
            XCTAssertEqual(log.entries, ["state=2", "state=0"])
        }
    }
}

/// Notifications seen by observers' `@Sendable` blocks; only touched on the main thread.
private final class Received: @unchecked Sendable {
    var names: [String] = []
    var allFromApplication = true
    func append(_ name: String, isApplication: Bool) {
        names.append(name)
        allFromApplication = allFromApplication && isApplication
    }
}
