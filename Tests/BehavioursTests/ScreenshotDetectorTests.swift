#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
@testable import Behaviours
import Foundation
import TestSupport
import XCTest

// tvOS has no screenshot notification, so no ScreenshotDetector.
#if !os(tvOS)
/// Scenario 14: `ScreenshotDetector` reports screenshots only between its host's `afterAppearing` and
/// `afterDisappearing`.
final class ScreenshotDetectorTests: HeadlessTestCase {
    func testReportsScreenshotsOnlyWhileTheHostIsOnScreen() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = RecordingViewController("B", log: log, logsLayout: false)
            let detector = ScreenshotDetector(notificationCenter: .default) { viewController in
                log.append("screenshot(\((viewController as? RecordingViewController)?.name ?? "?"))")
            }
            host.add(behaviours: [detector])
            @MainActor func screenshots() -> Int { log.entries.filter { $0.hasPrefix("screenshot") }.count }

            Headless.takeScreenshot()
            XCTAssertEqual(screenshots(), 0, "loaded, never shown")

            nav.pushViewController(host, animated: true)
            Headless.takeScreenshot()
            XCTAssertEqual(screenshots(), 0, "between beforeAppearing and afterAppearing")
            Headless.settle()
            Headless.takeScreenshot()
            XCTAssertEqual(screenshots(), 1, "appeared")
            XCTAssertEqual(log.entries.last, "screenshot(B)")

            nav.pushViewController(RecordingViewController("C", log: log, logsLayout: false), animated: true)
            Headless.takeScreenshot()
            XCTAssertEqual(screenshots(), 2, "between beforeDisappearing and afterDisappearing")
            Headless.settle()
            Headless.takeScreenshot()
            XCTAssertEqual(screenshots(), 2, "covered by a pushed screen")

            nav.popViewController(animated: false)
            Headless.takeScreenshot()
            XCTAssertEqual(screenshots(), 3, "back on screen")

            let sheet = UIViewController()
            sheet.modalPresentationStyle = .pageSheet
            host.present(sheet, animated: false)
            Headless.takeScreenshot()
            XCTAssertEqual(screenshots(), 4, "under a page sheet the host stays appeared")
            host.dismiss(animated: false)

            let cover = UIViewController()
            cover.modalPresentationStyle = .fullScreen
            host.present(cover, animated: false)
            Headless.takeScreenshot()
            XCTAssertEqual(screenshots(), 4, "covered by a full-screen presentation")
            host.dismiss(animated: false)
            Headless.takeScreenshot()
            XCTAssertEqual(screenshots(), 5, "dismissed")

            nav.popViewController(animated: false)
            XCTAssertFalse(detector.isObserving)
            Headless.takeScreenshot()
            XCTAssertEqual(screenshots(), 5, "popped")
            _ = window
        }
    }

    func testObservesOnlyTheInjectedNotificationCenter() {
        MainActor.assumeIsolated {
            let center = NotificationCenter()
            var hosts: [UIViewController] = []
            let host = UIViewController()
            host.add(behaviours: [ScreenshotDetector(notificationCenter: center) { hosts.append($0) }])
            let window = showInWindow(host)

            Headless.takeScreenshot()
            XCTAssertEqual(hosts.count, 0)
            center.post(name: UIApplication.userDidTakeScreenshotNotification, object: nil)
            XCTAssertEqual(hosts.count, 1)
            XCTAssertTrue(hosts.first === host)
            _ = window
        }
    }

    func testStopsObservingWhenReleased() {
        MainActor.assumeIsolated {
            var count = 0
            weak var weakDetector: ScreenshotDetector?
            let host = UIViewController()
            let window = showInWindow(host)
            releasingScope {
                let detector = ScreenshotDetector { _ in count += 1 }
                weakDetector = detector
                let registration = host.add(behaviours: [detector])
                Headless.takeScreenshot()
                registration.remove()
            }
            XCTAssertNil(weakDetector)
            Headless.takeScreenshot()
            XCTAssertEqual(count, 1)
            _ = window
        }
    }

    func testSharedDetectorObservesForEachHostSeparately() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let detector = ScreenshotDetector { viewController in
                log.append("screenshot(\((viewController as? RecordingViewController)?.name ?? "?"))")
            }
            let presenter = RecordingViewController("A", log: log, logsLayout: false)
            presenter.add(behaviours: [detector])
            let window = showInWindow(presenter)
            Headless.settle()

            let sheet = RecordingViewController("B", log: log, logsLayout: false)
            sheet.add(behaviours: [detector])
            sheet.modalPresentationStyle = .pageSheet
            presenter.present(sheet, animated: false)
            Headless.settle()
            log.removeAll()
            Headless.takeScreenshot()
            XCTAssertEqual(log.entries.sorted(), ["screenshot(A)", "screenshot(B)"], "both hosts on screen")

            // The sheet's disappearance must not end the presenter's observation.
            presenter.dismiss(animated: false)
            Headless.settle()
            log.removeAll()
            Headless.takeScreenshot()
            XCTAssertEqual(log.entries, ["screenshot(A)"], "only the presenter on screen")
            XCTAssertTrue(detector.isObserving)

            window.isHidden = true
            XCTAssertFalse(detector.isObserving)
            log.removeAll()
            Headless.takeScreenshot()
            XCTAssertEqual(log.entries, [], "no host on screen")
        }
    }

    func testTypedDetectorPassesItsHostWithItsOwnType() {
        MainActor.assumeIsolated {
            var names: [String] = []
            let host = RecordingViewController("A", log: LifecycleLog(), logsLayout: false)
            host.add(behaviours: [ScreenshotDetector(host: RecordingViewController.self) { names.append($0.name) }])
            let window = showInWindow(host)

            let reports = collectDiagnostics { Headless.takeScreenshot() }
            XCTAssertEqual(names, ["A"])
            XCTAssertEqual(reports, [])
            _ = window
        }
    }

    func testTypedDetectorOnAHostOfAnotherTypeReportsAndSkips() {
        MainActor.assumeIsolated {
            var calls = 0
            let host = UIViewController()
            host.add(behaviours: [ScreenshotDetector(host: RecordingViewController.self) { _ in calls += 1 }])
            let window = showInWindow(host)

            let reports = collectDiagnostics { Headless.takeScreenshot() }
            XCTAssertEqual(calls, 0)
            XCTAssertEqual(reports, [BehavioursDiagnostics.Report(
                message: "ScreenshotDetector for RecordingViewController added to UIViewController; screenshot not reported.",
                isAssertion: true
            )])
            _ = window
        }
    }

    func testScreenshotPostedOffTheMainThreadIsReportedOnTheMainActor() {
        let (log, window, name) = MainActor.assumeIsolated {
            let log = LifecycleLog()
            let host = UIViewController()
            host.add(behaviours: [ScreenshotDetector { _ in log.append("mainThread: \(Thread.isMainThread)") }])
            return (log, showInWindow(host), UIApplication.userDidTakeScreenshotNotification)
        }

        let posted = expectation(description: "posted")
        DispatchQueue.global().async {
            NotificationCenter.default.post(name: name, object: nil)
            posted.fulfill()
        }
        wait(for: [posted], timeout: 60)

        MainActor.assumeIsolated {
            let deadline = Date(timeIntervalSinceNow: 60)
            while log.entries.isEmpty, Date() < deadline {
                Headless.runMainRunLoop(for: 0.01)
            }
            XCTAssertEqual(log.entries, ["mainThread: true"])
            window.isHidden = true
        }
    }
}
#endif
