#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import TestSupport
import XCTest

/// Scenario 9: layout hooks come from the injected child's own layout, which follows the host's size.
final class LayoutBehaviourTests: HeadlessTestCase {
    func testFirstLayoutReachesBehaviours() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let host = makeHost("H", log: log, behaviourNames: ["b1"])
            let window = showInWindow(host)
            XCTAssertEqual(log.entries, [
                "H.viewDidLoad", "b1.afterLoading",
                "H.viewWillAppear", "b1.beforeAppearing",
                "H.viewWillLayoutSubviews", "H.viewDidLayoutSubviews",
                "b1.beforeLayingOutSubviews", "b1.afterLayingOutSubviews",
                "H.viewDidAppear", "b1.afterAppearing",
            ])
            _ = window
        }
    }

    func testSizeChangeOfTheHostReachesBehaviours() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (host, window) = showSettledHost(log: log)

            window.frame = CGRect(x: 0, y: 0, width: 500, height: 400)
            Headless.settle()
            XCTAssertEqual(log.entries, [
                "H.viewWillLayoutSubviews", "H.viewDidLayoutSubviews",
                "b1.beforeLayingOutSubviews", "b1.afterLayingOutSubviews",
            ])
            XCTAssertEqual(host.children[0].view.frame, CGRect(x: 0, y: 0, width: 500, height: 400))
        }
    }

    /// The documented limit: a layout pass of the host at an unchanged size does not reach behaviours.
    func testSameSizeLayoutOfTheHostDoesNotReachBehaviours() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (host, window) = showSettledHost(log: log)

            host.view.setNeedsLayout()
            Headless.settle()
            host.view.addSubview(UIView())
            host.view.layoutIfNeeded()
            XCTAssertEqual(log.entries, [
                "H.viewWillLayoutSubviews", "H.viewDidLayoutSubviews",
                "H.viewWillLayoutSubviews", "H.viewDidLayoutSubviews",
            ])
            _ = window
        }
    }

    func testBehaviourAddedDuringALayoutPassGetsNoUnpairedAfterLayingOut() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let first = RecordingBehaviour("b1", log: log)
            let late = RecordingBehaviour("late", log: log)
            var isLateAdded = false
            first.run(in: "beforeLayingOutSubviews") { viewController in
                if !isLateAdded {
                    isLateAdded = true
                    viewController.add(behaviours: [late])
                }
            }
            let host = ScriptedViewController("H", log: log, logsLayout: false)
            host.add(behaviours: [first])
            let window = showInWindow(host)
            Headless.settle()
            XCTAssertEqual(log.entries, [
                "H.viewDidLoad", "b1.afterLoading",
                "H.viewWillAppear", "b1.beforeAppearing",
                "b1.beforeLayingOutSubviews", "late.afterLoading", "late.beforeAppearing",
                "b1.afterLayingOutSubviews",
                "H.viewDidAppear", "b1.afterAppearing", "late.afterAppearing",
            ])

            log.removeAll()
            window.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
            Headless.settle()
            XCTAssertEqual(log.entries, [
                "b1.beforeLayingOutSubviews", "late.beforeLayingOutSubviews",
                "b1.afterLayingOutSubviews", "late.afterLayingOutSubviews",
            ])
        }
    }
}

// MARK: - Helpers

/// Host H (behaviour b1, layout logged) shown in a window, its first layout done and the log emptied.
@MainActor
private func showSettledHost(log: LifecycleLog) -> (ScriptedViewController, UIWindow) {
    let host = makeHost("H", log: log, behaviourNames: ["b1"])
    let window = showInWindow(host)
    Headless.settle()
    log.removeAll()
    return (host, window)
}
