#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import TestSupport
import XCTest

/// Scenario 6: modal presentation over a host with behaviours, and behaviours of a presented controller.
final class PresentationBehaviourTests: HeadlessTestCase {
    func testFullScreenPresentationOverTheHost() {
        MainActor.assumeIsolated {
            for animated in [false, true] {
                let log = LifecycleLog()
                let host = makeHost("H", log: log, behaviourNames: ["b1"], logsLayout: false)
                let window = showInWindow(host)
                let presented = RecordingViewController("X", log: log, logsLayout: false)
                presented.modalPresentationStyle = .fullScreen
                log.removeAll()

                host.present(presented, animated: animated)
                Headless.settle()
                XCTAssertEqual(log.entries, [
                    "X.loadView", "X.viewDidLoad",
                    "H.viewWillDisappear", "b1.beforeDisappearing",
                    "X.viewWillAppear",
                    "H.viewDidDisappear", "b1.afterDisappearing",
                    "X.viewDidAppear",
                ], "animated: \(animated)")

                log.removeAll()
                host.dismiss(animated: animated)
                Headless.settle()
                XCTAssertEqual(log.entries, [
                    "X.viewWillDisappear",
                    "H.viewWillAppear", "b1.beforeAppearing",
                    "X.viewDidDisappear",
                    "H.viewDidAppear", "b1.afterAppearing",
                ], "animated: \(animated)")
                window.isHidden = true
            }
        }
    }

    func testSheetsOverTheHostGiveNoCallbacks() {
        MainActor.assumeIsolated {
            for style in [UIModalPresentationStyle.pageSheet, .automatic, .formSheet, .overFullScreen] {
                let log = LifecycleLog()
                let host = makeHost("H", log: log, behaviourNames: ["b1"], logsLayout: false)
                let window = showInWindow(host)
                let presented = RecordingViewController("X", log: log, logsLayout: false)
                presented.modalPresentationStyle = style
                log.removeAll()

                host.present(presented, animated: true)
                Headless.settle()
                host.dismiss(animated: true)
                Headless.settle()
                XCTAssertEqual(log.entries, [
                    "X.loadView", "X.viewDidLoad", "X.viewWillAppear", "X.viewDidAppear",
                    "X.viewWillDisappear", "X.viewDidDisappear",
                ], "style: \(style.rawValue)")
                window.isHidden = true
            }
        }
    }

    func testFullScreenPresentationOverANavigationStack() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = makeHost("B", log: log, behaviourNames: ["b1"], logsLayout: false)
            nav.pushViewController(host, animated: false)
            let presented = RecordingViewController("X", log: log, logsLayout: false)
            presented.modalPresentationStyle = .fullScreen
            log.removeAll()

            host.present(presented, animated: true)
            Headless.settle()
            presented.dismiss(animated: true)
            Headless.settle()
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("b1.") }, [
                "b1.beforeDisappearing", "b1.afterDisappearing", "b1.beforeAppearing", "b1.afterAppearing",
            ])
            _ = window
        }
    }

    func testBehavioursOfAPresentedController() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let root = RecordingViewController("R", log: log, logsLayout: false)
            let window = showInWindow(root)
            let presented = makeHost("P", log: log, behaviourNames: ["p1"], logsLayout: false)
            log.removeAll()

            root.present(presented, animated: true)
            Headless.settle()
            presented.dismiss(animated: true)
            Headless.settle()
            XCTAssertEqual(log.entries, [
                "P.viewDidLoad", "p1.afterLoading",
                "P.viewWillAppear", "p1.beforeAppearing",
                "P.viewDidAppear", "p1.afterAppearing",
                "P.viewWillDisappear", "p1.beforeDisappearing",
                "P.viewDidDisappear", "p1.afterDisappearing",
            ])
            _ = window
        }
    }
}
