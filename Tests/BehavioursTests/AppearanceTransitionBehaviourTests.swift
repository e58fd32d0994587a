#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import TestSupport
import XCTest

/// Scenarios 10 and 11: appearance driven by `beginAppearanceTransition` / `endAppearanceTransition`
/// rather than by a window or a UIKit container.
final class AppearanceTransitionBehaviourTests: HeadlessTestCase {
    // MARK: - Scenario 11

    func testManualTransitionsWithoutAWindow() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let host = makeHost("H", log: log, behaviourNames: ["b1"], logsLayout: false)
            host.loadViewIfNeeded()
            log.removeAll()

            host.beginAppearanceTransition(true, animated: false)
            host.endAppearanceTransition()
            XCTAssertEqual(log.entries, ["H.viewWillAppear", "b1.beforeAppearing", "H.viewDidAppear", "b1.afterAppearing"])
            XCTAssertNil(host.view.window)

            log.removeAll()
            host.beginAppearanceTransition(false, animated: true)
            host.endAppearanceTransition()
            XCTAssertEqual(log.entries, ["H.viewWillDisappear", "b1.beforeDisappearing", "H.viewDidDisappear", "b1.afterDisappearing"])
        }
    }

    // MARK: - Scenario 10

    func testHostInsideAContainerThatForwardsAppearanceItself() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let container = ManualAppearanceContainer("M", log: log, logsLayout: false)
            let host = makeHost("H", log: log, behaviourNames: ["b1"], logsLayout: false)
            container.loadViewIfNeeded()
            container.add(childController: host)
            container.content = host
            let nav = UINavigationController(rootViewController: container)
            log.removeAll()

            let window = showInWindow(nav)
            XCTAssertEqual(log.entries, [
                "M.viewWillAppear", "H.viewWillAppear", "b1.beforeAppearing",
                "M.viewDidAppear", "H.viewDidAppear", "b1.afterAppearing",
            ])

            log.removeAll()
            nav.pushViewController(RecordingViewController("C", log: log, logsLayout: false), animated: true)
            Headless.settle()
            XCTAssertEqual(log.entries, [
                "C.willMove(UINavigationController)", "C.loadView", "C.viewDidLoad",
                "M.viewWillDisappear", "H.viewWillDisappear", "b1.beforeDisappearing",
                "C.viewWillAppear",
                "M.viewDidDisappear", "H.viewDidDisappear", "b1.afterDisappearing",
                "C.viewDidAppear", "C.didMove(UINavigationController)",
            ])
            _ = window
        }
    }

    func testBehavioursOfAContainerThatForwardsToAllItsChildren() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let container = ManualAppearanceContainer("M", log: log, logsLayout: false)
            container.run(in: "viewDidLoad") { container in
                container.add(behaviours: [RecordingBehaviour("m1", log: log, logsLayout: false)])
            }
            log.removeAll()

            let window = showInWindow(container)
            container.beginAppearanceTransition(false, animated: false)
            container.endAppearanceTransition()
            XCTAssertEqual(log.entries, [
                "M.viewDidLoad", "m1.afterLoading",
                "M.viewWillAppear", "m1.beforeAppearing",
                "M.viewDidAppear", "m1.afterAppearing",
                "M.viewWillDisappear", "m1.beforeDisappearing",
                "M.viewDidDisappear", "m1.afterDisappearing",
            ])
            _ = window
        }
    }

    /// The documented limit: a container that forwards appearance only to the children it knows leaves its
    /// own behaviours without appearance hooks (they still load and lay out).
    func testBehavioursOfAContainerThatForwardsOnlyToItsContent() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let container = ManualAppearanceContainer("M", log: log, logsLayout: false)
            container.forwardsToAllChildren = false
            container.add(behaviours: [RecordingBehaviour("m1", log: log, logsLayout: false)])
            log.removeAll()

            let window = showInWindow(container)
            XCTAssertEqual(log.entries, ["M.viewWillAppear", "M.viewDidAppear"])
            _ = window
        }
    }
}
