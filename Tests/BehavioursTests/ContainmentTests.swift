#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
@testable import Behaviours
import TestSupport
import XCTest

/// `add(childController:)` and `remove(childController:)`.
final class ContainmentTests: HeadlessTestCase {
    func testAddAndRemoveUseTheThreeContainmentCallsInOrder() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let parent = RecordingViewController("P", log: log, logsLayout: false)
            parent.loadViewIfNeeded()
            let child = RecordingViewController("C", log: log, logsLayout: false)
            log.removeAll()

            parent.add(childController: child)
            XCTAssertEqual(log.entries, ["C.willMove(P)", "C.loadView", "C.viewDidLoad", "C.didMove(P)"])
            XCTAssertTrue(parent.children.elementsEqual([child], by: ===))

            log.removeAll()
            parent.remove(childController: child)
            XCTAssertEqual(log.entries, ["C.willMove(nil)", "C.didMove(nil)"])
            XCTAssertTrue(parent.children.isEmpty)
            XCTAssertNil(child.view.superview)
        }
    }

    func testChildOfAShownParentAppearsAndDisappears() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let parent = RecordingViewController("P", log: log, logsLayout: false)
            let window = showInWindow(parent)
            let child = RecordingViewController("C", log: log, logsLayout: false)
            log.removeAll()

            parent.add(childController: child)
            XCTAssertEqual(log.entries, [
                "C.willMove(P)", "C.loadView", "C.viewDidLoad", "C.viewWillAppear", "C.viewDidAppear", "C.didMove(P)",
            ])
            log.removeAll()
            parent.remove(childController: child)
            XCTAssertEqual(log.entries, ["C.willMove(nil)", "C.viewWillDisappear", "C.viewDidDisappear", "C.didMove(nil)"])
            _ = window
        }
    }

    func testChildViewFillsTheParentOnTopAndFollowsItsSize() {
        MainActor.assumeIsolated {
            let parent = UIViewController()
            parent.view.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
            let existing = UIView()
            parent.view.addSubview(existing)
            let child = UIViewController()

            parent.add(childController: child)
            XCTAssertTrue(parent.view.subviews.elementsEqual([existing, child.view], by: ===))
            XCTAssertEqual(child.view.frame, CGRect(x: 0, y: 0, width: 200, height: 300))
            XCTAssertEqual(child.view.autoresizingMask, [.flexibleWidth, .flexibleHeight])

            parent.view.frame = CGRect(x: 0, y: 0, width: 400, height: 100)
            XCTAssertEqual(child.view.frame, CGRect(x: 0, y: 0, width: 400, height: 100))
        }
    }

    func testAChildWithAnotherParentMoves() {
        MainActor.assumeIsolated {
            let first = UIViewController()
            let second = UIViewController()
            let child = UIViewController()
            first.loadViewIfNeeded()
            second.loadViewIfNeeded()
            first.add(childController: child)
            second.add(childController: child)
            XCTAssertTrue(first.children.isEmpty)
            XCTAssertTrue(first.view.subviews.isEmpty)
            XCTAssertTrue(child.parent === second)
            XCTAssertTrue(child.view.superview === second.view)
        }
    }

    func testAddingBeforeTheParentsViewLoadedAssertsThenLoadsIt() {
        MainActor.assumeIsolated {
            let reports = collectDiagnostics {
                let parent = UIViewController()
                let child = UIViewController()
                parent.add(childController: child)
                XCTAssertTrue(parent.isViewLoaded)
                XCTAssertTrue(child.view.superview === parent.view)
                XCTAssertTrue(child.parent === parent)
            }
            XCTAssertEqual(reports.map(\.isAssertion), [true])
            XCTAssertTrue(reports.first?.message.contains("before the view of UIViewController loaded") == true)
        }
    }

    func testMisuseIsReportedAndIgnored() {
        MainActor.assumeIsolated {
            let parent = UIViewController()
            parent.loadViewIfNeeded()
            let child = UIViewController()
            let stranger = UIViewController()
            let reports = collectDiagnostics {
                parent.add(childController: parent)
                parent.add(childController: child)
                parent.add(childController: child)
                parent.remove(childController: stranger)
            }
            XCTAssertEqual(reports.map(\.isAssertion), [false, false, false])
            XCTAssertTrue(parent.children.elementsEqual([child], by: ===))
            XCTAssertTrue(parent.view.subviews.elementsEqual([child.view], by: ===))
            XCTAssertTrue(stranger.isDetached)
            XCTAssertFalse(stranger.isViewLoaded)
        }
    }
}

/// Runs `body` with the Behaviours diagnostics collected instead of logged (and asserted), and returns them.
@MainActor
func collectDiagnostics(_ body: () -> Void) -> [BehavioursDiagnostics.Report] {
    let original = BehavioursDiagnostics.handler
    var reports: [BehavioursDiagnostics.Report] = []
    BehavioursDiagnostics.handler = { reports.append($0) }
    body()
    BehavioursDiagnostics.handler = original
    return reports
}
