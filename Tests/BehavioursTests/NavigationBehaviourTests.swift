#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import TestSupport
import XCTest

/// Scenarios 1 and 5: behaviours of a controller pushed onto and popped from a navigation controller in a
/// window, logged together with the host's own callbacks.
final class NavigationBehaviourTests: HeadlessTestCase {
    // MARK: - Scenario 1

    func testPushThenPopNotAnimated() {
        MainActor.assumeIsolated { assertPushThenPop(animated: false) }
    }

    func testPushThenPopAnimated() {
        MainActor.assumeIsolated { assertPushThenPop(animated: true) }
    }

    func testAnimatedPushDeliversAfterAppearingOnlyWhenTheAnimationEnds() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = makeHost("B", log: log, behaviourNames: ["b1"])
            log.removeAll()

            nav.pushViewController(host, animated: true)
            XCTAssertEqual(log.entries, [
                "B.viewDidLoad", "b1.afterLoading",
                "A.viewWillDisappear",
                "B.viewWillAppear", "b1.beforeAppearing",
                "B.viewWillLayoutSubviews", "B.viewDidLayoutSubviews",
                "b1.beforeLayingOutSubviews", "b1.afterLayingOutSubviews",
            ])
            log.removeAll()
            Headless.settle()
            XCTAssertEqual(log.entries, ["A.viewDidDisappear", "B.viewDidAppear", "b1.afterAppearing"])
            _ = window
        }
    }

    func testAfterLoadingIsDeliveredOnceOverRepeatedAppearances() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = makeHost("B", log: log, behaviourNames: ["b1"], logsLayout: false)
            nav.pushViewController(host, animated: false)
            nav.pushViewController(RecordingViewController("C", log: log, logsLayout: false), animated: true)
            Headless.settle()
            nav.popViewController(animated: true)
            Headless.settle()
            nav.popViewController(animated: false)
            nav.pushViewController(host, animated: true)
            Headless.settle()

            let hooks = log.entries.filter { $0.hasPrefix("b1.") }
            XCTAssertEqual(hooks, [
                "b1.afterLoading",
                "b1.beforeAppearing", "b1.afterAppearing",
                "b1.beforeDisappearing", "b1.afterDisappearing",
                "b1.beforeAppearing", "b1.afterAppearing",
                "b1.beforeDisappearing", "b1.afterDisappearing",
                "b1.beforeAppearing", "b1.afterAppearing",
            ])
            _ = window
        }
    }

    func testHooksReceiveTheHost() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let behaviour = RecordingBehaviour("b1", log: log)
            let host = ScriptedViewController("B", log: log)
            host.run(in: "viewDidLoad") { host in host.add(behaviours: [behaviour]) }
            nav.pushViewController(host, animated: false)
            nav.popViewController(animated: false)

            XCTAssertEqual(behaviour.hosts, [ObjectIdentifier(host)])
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("b1.") }.count, 7)
            _ = window
        }
    }

    // MARK: - Scenario 5

    func testCancelledInteractivePop() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = makeHost("B", log: log, behaviourNames: ["b1"], logsLayout: false)
            nav.pushViewController(host, animated: false)
            Headless.settle()
            log.removeAll()

            let pop = Headless.beginInteractivePop(in: nav)
            XCTAssertEqual(log.entries, ["B.viewWillDisappear", "b1.beforeDisappearing", "A.viewWillAppear"])
            log.removeAll()
            pop?.cancel()
            Headless.settle()
            XCTAssertEqual(log.entries, [
                "B.viewWillAppear", "b1.beforeAppearing",
                "A.viewWillDisappear", "A.viewDidDisappear",
                "B.viewDidAppear", "b1.afterAppearing",
            ])
            XCTAssertTrue(nav.topViewController === host)

            log.removeAll()
            nav.popViewController(animated: false)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("b1.") }, ["b1.beforeDisappearing", "b1.afterDisappearing"])
            _ = window
        }
    }

    func testFinishedInteractivePop() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = makeHost("B", log: log, behaviourNames: ["b1"], logsLayout: false)
            nav.pushViewController(host, animated: false)
            log.removeAll()

            Headless.beginInteractivePop(in: nav)?.finish()
            Headless.settle()
            XCTAssertEqual(log.entries, [
                "B.viewWillDisappear", "b1.beforeDisappearing",
                "A.viewWillAppear",
                "B.viewDidDisappear", "b1.afterDisappearing",
                "A.viewDidAppear",
            ])
            _ = window
        }
    }

}

// MARK: - Helpers

@MainActor
private func assertPushThenPop(animated: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let log = LifecycleLog()
        let (nav, window) = makeNavigation(log: log)
        let host = makeHost("B", log: log, behaviourNames: ["b1", "b2"])
        log.removeAll()

        nav.pushViewController(host, animated: animated)
        Headless.settle()
        XCTAssertEqual(log.entries, [
            "B.viewDidLoad", "b1.afterLoading", "b2.afterLoading",
            "A.viewWillDisappear",
            "B.viewWillAppear", "b1.beforeAppearing", "b2.beforeAppearing",
            "B.viewWillLayoutSubviews", "B.viewDidLayoutSubviews",
            "b1.beforeLayingOutSubviews", "b2.beforeLayingOutSubviews",
            "b1.afterLayingOutSubviews", "b2.afterLayingOutSubviews",
            "A.viewDidDisappear",
            "B.viewDidAppear", "b1.afterAppearing", "b2.afterAppearing",
        ], file: file, line: line)

        log.removeAll()
        nav.popViewController(animated: animated)
        Headless.settle()
        XCTAssertEqual(log.entries, [
            "B.viewWillDisappear", "b1.beforeDisappearing", "b2.beforeDisappearing",
            "A.viewWillAppear",
            "B.viewDidDisappear", "b1.afterDisappearing", "b2.afterDisappearing",
            "A.viewDidAppear",
        ], file: file, line: line)
        _ = window
}

/// A window showing a navigation controller whose root is `A` (layout not logged).
@MainActor
func makeNavigation(log: LifecycleLog) -> (UINavigationController, UIWindow) {
    let nav = UINavigationController(rootViewController: RecordingViewController("A", log: log, logsLayout: false))
    let window = showInWindow(nav)
    return (nav, window)
}

/// A controller that adds recording behaviours with these names in `viewDidLoad`, as app code does.
@MainActor
func makeHost(_ name: String, log: LifecycleLog, behaviourNames: [String], logsLayout: Bool = true) -> ScriptedViewController {
    let host = ScriptedViewController(name, log: log, logsLayout: logsLayout)
    host.run(in: "viewDidLoad") { host in
        host.add(behaviours: behaviourNames.map { RecordingBehaviour($0, log: log, logsLayout: logsLayout) })
    }
    return host
}
