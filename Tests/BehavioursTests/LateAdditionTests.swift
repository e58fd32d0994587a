#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
@testable import Behaviours
import TestSupport
import XCTest

/// Scenarios 2, 3 and 4: several calls, insertion order, one injected child, and behaviours added late
/// (before the view loads, while appearing, while appeared, while disappearing, from inside a hook).
final class LateAdditionTests: HeadlessTestCase {
    // MARK: - Scenario 2

    func testBehavioursFromSeveralCallsGetEveryEventInInsertionOrder() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = ScriptedViewController("B", log: log, logsLayout: false)
            host.run(in: "viewDidLoad") { host in
                host.add(behaviours: [RecordingBehaviour("b1", log: log, logsLayout: false), RecordingBehaviour("b2", log: log, logsLayout: false)])
                host.add(behaviours: [RecordingBehaviour("b3", log: log, logsLayout: false)])
            }
            nav.pushViewController(host, animated: false)
            host.add(behaviours: [RecordingBehaviour("b4", log: log, logsLayout: false)])
            log.removeAll()

            nav.pushViewController(RecordingViewController("C", log: log, logsLayout: false), animated: false)
            nav.popViewController(animated: false)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("b") }, [
                "b1.beforeDisappearing", "b2.beforeDisappearing", "b3.beforeDisappearing", "b4.beforeDisappearing",
                "b1.afterDisappearing", "b2.afterDisappearing", "b3.afterDisappearing", "b4.afterDisappearing",
                "b1.beforeAppearing", "b2.beforeAppearing", "b3.beforeAppearing", "b4.beforeAppearing",
                "b1.afterAppearing", "b2.afterAppearing", "b3.afterAppearing", "b4.afterAppearing",
            ])
            XCTAssertEqual(host.children.count, 1)
            XCTAssertEqual(host.view.subviews.count, 1)
            _ = window
        }
    }

    // MARK: - Before the view loads

    func testAddingBeforeTheViewLoadsLoadsItAndKeepsCallOrder() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let host = ScriptedViewController("B", log: log, logsLayout: false)
            host.run(in: "viewDidLoad") { host in
                host.add(behaviours: [RecordingBehaviour("b2", log: log, logsLayout: false)])
            }
            XCTAssertFalse(host.isViewLoaded)

            host.add(behaviours: [RecordingBehaviour("b1", log: log, logsLayout: false)])
            XCTAssertTrue(host.isViewLoaded)
            XCTAssertEqual(log.entries, ["B.viewDidLoad", "b1.afterLoading", "b2.afterLoading"])

            log.removeAll()
            let window = showInWindow(host)
            XCTAssertEqual(log.entries, [
                "B.viewWillAppear", "b1.beforeAppearing", "b2.beforeAppearing",
                "B.viewDidAppear", "b1.afterAppearing", "b2.afterAppearing",
            ])
            XCTAssertEqual(host.children.count, 1)
            _ = window
        }
    }

    // MARK: - Scenario 3

    func testBehaviourAddedInsideBeforeAppearingGetsThisCyclesAfterAppearing() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = ScriptedViewController("B", log: log, logsLayout: false)
            let first = RecordingBehaviour("b1", log: log, logsLayout: false)
            let second = RecordingBehaviour("b2", log: log, logsLayout: false)
            let late = RecordingBehaviour("late", log: log, logsLayout: false)
            first.run(in: "beforeAppearing") { viewController in
                if !log.entries.contains("late.afterLoading") {
                    viewController.add(behaviours: [late])
                }
            }
            host.add(behaviours: [first, second])
            log.removeAll()

            nav.pushViewController(host, animated: true)
            Headless.settle()
            XCTAssertEqual(log.entries, [
                "A.viewWillDisappear",
                // The nested call brings every behaviour behind the host up to date, in insertion order.
                "B.viewWillAppear", "b1.beforeAppearing", "late.afterLoading", "b2.beforeAppearing", "late.beforeAppearing",
                "A.viewDidDisappear",
                "B.viewDidAppear", "b1.afterAppearing", "b2.afterAppearing", "late.afterAppearing",
            ])

            log.removeAll()
            nav.popViewController(animated: false)
            XCTAssertEqual(log.entries.filter { !$0.hasPrefix("A.") }, [
                "B.viewWillDisappear", "b1.beforeDisappearing", "b2.beforeDisappearing", "late.beforeDisappearing",
                "B.viewDidDisappear", "b1.afterDisappearing", "b2.afterDisappearing", "late.afterDisappearing",
            ])
            _ = window
        }
    }

    func testFirstBehavioursAddedInTheHostsViewWillAppear() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = ScriptedViewController("B", log: log, logsLayout: false)
            host.run(in: "viewWillAppear") { host in
                host.add(behaviours: [RecordingBehaviour("b1", log: log, logsLayout: false)])
            }
            log.removeAll()
            nav.pushViewController(host, animated: true)
            Headless.settle()
            XCTAssertEqual(log.entries, [
                "B.viewDidLoad",
                "A.viewWillDisappear",
                "B.viewWillAppear", "b1.afterLoading", "b1.beforeAppearing",
                "A.viewDidDisappear",
                "B.viewDidAppear", "b1.afterAppearing",
            ])
            _ = window
        }
    }

    // MARK: - Scenario 4

    func testAddedWhileAppearedCatchesUpAtOnceWithoutDuplicates() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = RecordingViewController("B", log: log, logsLayout: false)
            nav.pushViewController(host, animated: false)
            log.removeAll()

            // The first call injects the child into a host that has appeared.
            host.add(behaviours: [RecordingBehaviour("b1", log: log, logsLayout: false)])
            XCTAssertEqual(log.entries, ["b1.afterLoading", "b1.beforeAppearing", "b1.afterAppearing"])
            log.removeAll()

            // A later call reuses the child.
            host.add(behaviours: [RecordingBehaviour("b2", log: log, logsLayout: false)])
            XCTAssertEqual(log.entries, ["b2.afterLoading", "b2.beforeAppearing", "b2.afterAppearing"])
            log.removeAll()

            Headless.settle()
            XCTAssertEqual(log.entries, [])
            nav.popViewController(animated: false)
            XCTAssertEqual(log.entries, [
                "B.willMove(nil)",
                "B.viewWillDisappear", "b1.beforeDisappearing", "b2.beforeDisappearing",
                "A.viewWillAppear",
                "B.viewDidDisappear", "b1.afterDisappearing", "b2.afterDisappearing",
                "A.viewDidAppear",
                "B.didMove(nil)",
            ])
            _ = window
        }
    }

    func testAddedBetweenWillAndDidAppearGetsAfterAppearingWithTheHost() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = makeHost("B", log: log, behaviourNames: ["b1"], logsLayout: false)
            nav.pushViewController(host, animated: true)
            log.removeAll()

            host.add(behaviours: [RecordingBehaviour("b2", log: log, logsLayout: false)])
            XCTAssertEqual(log.entries, ["b2.afterLoading", "b2.beforeAppearing"])
            log.removeAll()

            Headless.settle()
            XCTAssertEqual(log.entries, ["A.viewDidDisappear", "B.viewDidAppear", "b1.afterAppearing", "b2.afterAppearing"])
            _ = window
        }
    }

    func testAddedWhileDisappearingWaitsForTheNextAppearance() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = makeHost("B", log: log, behaviourNames: ["b1"], logsLayout: false)
            nav.pushViewController(host, animated: false)
            nav.pushViewController(RecordingViewController("C", log: log, logsLayout: false), animated: true)
            log.removeAll()

            host.add(behaviours: [RecordingBehaviour("b2", log: log, logsLayout: false)])
            XCTAssertEqual(log.entries, ["b2.afterLoading"])
            Headless.settle()
            nav.popViewController(animated: false)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("b") }, [
                "b2.afterLoading",
                "b1.afterDisappearing",
                "b1.beforeAppearing", "b2.beforeAppearing",
                "b1.afterAppearing", "b2.afterAppearing",
            ])
            _ = window
        }
    }

    func testAddedToAHiddenHostGetsOnlyAfterLoading() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let host = RecordingViewController("B", log: log, logsLayout: false)
            host.loadViewIfNeeded()
            log.removeAll()

            host.add(behaviours: [RecordingBehaviour("b1", log: log, logsLayout: false), SilentBehaviour()])
            XCTAssertEqual(log.entries, ["b1.afterLoading"])
        }
    }

    func testAddingNoBehavioursInjectsNothing() {
        MainActor.assumeIsolated {
            let host = UIViewController()
            let registration = host.add(behaviours: [])
            registration.remove()
            XCTAssertFalse(host.isViewLoaded)
            XCTAssertEqual(host.children.count, 0)
        }
    }
}
