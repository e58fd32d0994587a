#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
@testable import Behaviours
import TestSupport
import XCTest

/// `add(behaviours:)` refuses UIKit containers whose `children` are their content: an injected child would
/// become a tab or the top of the navigation stack.
final class ContainerRefusalTests: HeadlessTestCase {
    func testNavigationControllerIsRefusedAndLeftIntact() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let root = RecordingViewController("A", log: log, logsLayout: false)
            let nav = UINavigationController(rootViewController: root)
            var registration: BehavioursRegistration?
            let reports = collectDiagnostics {
                registration = nav.add(behaviours: [RecordingBehaviour("n1", log: log)])
            }

            XCTAssertEqual(reports, [BehavioursDiagnostics.Report(message: refusal("UINavigationController"), isAssertion: true)])
            XCTAssertTrue(nav.children.elementsEqual([root], by: ===))
            XCTAssertTrue(nav.viewControllers.elementsEqual([root], by: ===))
            XCTAssertNil(BehavioursViewController.existing(in: nav))
            XCTAssertFalse(nav.isViewLoaded)

            let window = showInWindow(nav)
            Headless.settle()
            nav.pushViewController(RecordingViewController("B", log: log, logsLayout: false), animated: false)
            nav.popViewController(animated: false)
            registration?.remove()

            XCTAssertTrue(nav.children.elementsEqual([root], by: ===))
            XCTAssertTrue(nav.topViewController === root)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("n1.") }, [])
            _ = window
        }
    }

    func testTabBarControllerSubclassIsRefusedAndLeftIntact() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let first = RecordingViewController("A", log: log, logsLayout: false)
            let second = RecordingViewController("B", log: log, logsLayout: false)
            let tabs = MainTabBarController()
            tabs.viewControllers = [first, second]
            var registration: BehavioursRegistration?
            let reports = collectDiagnostics {
                registration = tabs.add(behaviours: [RecordingBehaviour("t1", log: log), SilentBehaviour()])
            }

            XCTAssertEqual(reports, [BehavioursDiagnostics.Report(message: refusal("MainTabBarController"), isAssertion: true)])
            XCTAssertTrue(tabs.children.elementsEqual([first, second], by: ===))
            XCTAssertTrue(tabs.viewControllers?.elementsEqual([first, second], by: ===) == true)
            XCTAssertNil(BehavioursViewController.existing(in: tabs))

            let window = showInWindow(tabs)
            Headless.settle()
            Headless.tapTab(at: 1, in: tabs)
            Headless.tapTab(at: 0, in: tabs)
            registration?.remove()

            XCTAssertTrue(tabs.children.elementsEqual([first, second], by: ===))
            XCTAssertEqual(tabs.selectedIndex, 0)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("t1.") }, [])
            _ = window
        }
    }

    func testAddingNothingToAContainerIsNotReported() {
        MainActor.assumeIsolated {
            let nav = UINavigationController(rootViewController: UIViewController())
            let reports = collectDiagnostics {
                nav.add(behaviours: [])
            }
            XCTAssertEqual(reports, [])
            XCTAssertEqual(nav.children.count, 1)
        }
    }
}

/// The main screen's tab bar controller, subclassed as apps often do.
private final class MainTabBarController: UITabBarController {}

private func refusal(_ typeName: String) -> String {
    "add(behaviours:) on \(typeName), a UIKit container whose children are its content; ignored. Add the behaviours to its content controllers, or wrap it in a plain controller and add them to that."
}
