#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
@testable import Behaviours
import TestSupport
import XCTest

/// Scenario 7: removal through the returned registration, including from inside a hook.
final class RemovalTests: HeadlessTestCase {
    func testRemovalStopsHooksAndRestoresTheHostsChildrenAndSubviews() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = RecordingViewController("B", log: log, logsLayout: false)
            host.loadViewIfNeeded()
            host.add(childController: RecordingViewController("F", log: log, logsLayout: false))
            host.view.addSubview(UILabel())
            nav.pushViewController(host, animated: false)
            let childrenBefore = host.children
            let subviewsBefore = host.view.subviews

            let first = host.add(behaviours: [RecordingBehaviour("b1", log: log, logsLayout: false)])
            let second = host.add(behaviours: [RecordingBehaviour("b2", log: log, logsLayout: false)])
            XCTAssertEqual(host.children.count, childrenBefore.count + 1)
            XCTAssertEqual(host.view.subviews.count, subviewsBefore.count + 1)
            weak var injected: BehavioursViewController?
            injected = BehavioursViewController.existing(in: host)
            XCTAssertNotNil(injected)

            first.remove()
            XCTAssertNotNil(BehavioursViewController.existing(in: host))
            log.removeAll()
            nav.pushViewController(RecordingViewController("C", log: log, logsLayout: false), animated: false)
            nav.popViewController(animated: false)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("b") }, [
                "b2.beforeDisappearing", "b2.afterDisappearing", "b2.beforeAppearing", "b2.afterAppearing",
            ])

            second.remove()
            XCTAssertTrue(host.children.elementsEqual(childrenBefore, by: ===))
            XCTAssertTrue(host.view.subviews.elementsEqual(subviewsBefore, by: ===))
            XCTAssertNil(injected?.parent)
            XCTAssertNil(injected?.viewIfLoaded?.superview)

            log.removeAll()
            nav.pushViewController(RecordingViewController("D", log: log, logsLayout: false), animated: false)
            nav.popViewController(animated: false)
            Headless.settle()
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("b") }, [])

            first.remove()
            second.remove()
            XCTAssertTrue(host.children.elementsEqual(childrenBefore, by: ===))
            _ = window
        }
    }

    func testRemovingItselfInsideAHookDoesNotSkipSiblings() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let host = makeRemovalHost(log: log)
            host.behaviours[0].run(in: "beforeAppearing") { _ in host.registrations[0].remove() }
            log.removeAll()

            let window = showInWindow(host.controller)
            host.controller.beginAppearanceTransition(false, animated: false)
            host.controller.endAppearanceTransition()
            XCTAssertEqual(log.entries, [
                "b1.beforeAppearing", "b2.beforeAppearing", "b3.beforeAppearing",
                "b2.afterAppearing", "b3.afterAppearing",
                "b2.beforeDisappearing", "b3.beforeDisappearing",
                "b2.afterDisappearing", "b3.afterDisappearing",
            ])
            _ = window
        }
    }

    func testRemovingALaterSiblingInsideAHookSkipsOnlyThatSibling() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let host = makeRemovalHost(log: log)
            host.behaviours[0].run(in: "beforeAppearing") { _ in host.registrations[1].remove() }
            log.removeAll()

            let window = showInWindow(host.controller)
            XCTAssertEqual(log.entries, [
                "b1.beforeAppearing", "b3.beforeAppearing",
                "b1.afterAppearing", "b3.afterAppearing",
            ])
            _ = window
        }
    }

    func testRemovingEveryBehaviourInsideAHookRemovesTheChildAfterTheHook() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let host = makeRemovalHost(log: log)
            host.behaviours[1].run(in: "beforeAppearing") { viewController in
                for registration in host.registrations { registration.remove() }
                // The child leaves only once the current delivery is over.
                XCTAssertEqual(viewController.children.count, 1)
            }
            log.removeAll()

            let window = showInWindow(host.controller)
            XCTAssertEqual(log.entries, ["b1.beforeAppearing", "b2.beforeAppearing"])
            XCTAssertEqual(host.controller.children.count, 0)
            XCTAssertEqual(host.controller.view.subviews.count, 0)

            // A later call injects a fresh child that catches up.
            log.removeAll()
            host.controller.add(behaviours: [RecordingBehaviour("b4", log: log, logsLayout: false)])
            XCTAssertEqual(log.entries, ["b4.afterLoading", "b4.beforeAppearing", "b4.afterAppearing"])
            XCTAssertEqual(host.controller.children.count, 1)
            _ = window
        }
    }

    func testAddingInsideAHookCancelsAPendingTeardown() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let host = makeRemovalHost(log: log)
            host.behaviours[0].run(in: "beforeAppearing") { viewController in
                for registration in host.registrations { registration.remove() }
                viewController.add(behaviours: [RecordingBehaviour("b4", log: log, logsLayout: false)])
            }
            log.removeAll()

            let window = showInWindow(host.controller)
            XCTAssertEqual(log.entries, ["b1.beforeAppearing", "b4.afterLoading", "b4.beforeAppearing", "b4.afterAppearing"])
            XCTAssertEqual(host.controller.children.count, 1)
            _ = window
        }
    }
}

/// A loaded host with behaviours b1, b2 and b3, each added by its own call.
@MainActor
private final class RemovalHost {
    let controller: UIViewController
    let behaviours: [RecordingBehaviour]
    var registrations: [BehavioursRegistration] = []

    init(controller: UIViewController, behaviours: [RecordingBehaviour]) {
        self.controller = controller
        self.behaviours = behaviours
        registrations = behaviours.map { controller.add(behaviours: [$0]) }
    }
}

@MainActor
private func makeRemovalHost(log: LifecycleLog) -> RemovalHost {
    RemovalHost(
        controller: UIViewController(),
        behaviours: ["b1", "b2", "b3"].map { RecordingBehaviour($0, log: log, logsLayout: false) }
    )
}
