#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
@testable import Behaviours
import TestSupport
import XCTest

/// Scenarios 2 and 8: the injected child controller and its view.
final class InjectionTests: HeadlessTestCase {
    func testOneInjectedChildHoweverManyCalls() {
        MainActor.assumeIsolated {
            let host = UIViewController()
            for _ in 0..<5 {
                host.add(behaviours: [SilentBehaviour(), SilentBehaviour()])
            }
            XCTAssertEqual(host.children.count, 1)
            XCTAssertTrue(host.children.first is BehavioursViewController)
            XCTAssertEqual(host.view.subviews.count, 1)
            XCTAssertEqual(BehavioursViewController.existing(in: host)?.entries.count, 10)
        }
    }

    func testInjectedViewIsHiddenInertAndFillsTheHost() {
        MainActor.assumeIsolated {
            let host = UIViewController()
            host.view.frame = CGRect(x: 10, y: 20, width: 300, height: 500)
            host.view.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)))
            host.add(behaviours: [SilentBehaviour()])

            let child = host.children[0]
            let injected: UIView = child.view
            XCTAssertTrue(child.parent === host)
            XCTAssertTrue(injected.superview === host.view)
            XCTAssertTrue(host.view.subviews.last === injected)
            XCTAssertNotEqual(host.view.subviews.firstIndex { $0 === injected }, 0)
            XCTAssertTrue(injected.isHidden)
            XCTAssertFalse(injected.isUserInteractionEnabled)
            XCTAssertTrue(injected.accessibilityElementsHidden)
            XCTAssertEqual(injected.frame, CGRect(x: 0, y: 0, width: 300, height: 500))
            XCTAssertEqual(injected.autoresizingMask, [.flexibleWidth, .flexibleHeight])

            // It never takes touches meant for the host's content.
            XCTAssertTrue(host.view.hitTest(CGPoint(x: 25, y: 25), with: nil) === host.view.subviews[0])
            XCTAssertTrue(host.view.hitTest(CGPoint(x: 200, y: 200), with: nil) === host.view)
        }
    }

    // MARK: - Scenario 8

    func testScrollViewStaysTheFirstSubview() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = makeHost("S", log: log, behaviourNames: ["s1"], logsLayout: false)
            host.hasScrollViewContent = true
            nav.pushViewController(host, animated: false)
            host.add(behaviours: [SilentBehaviour()])

            XCTAssertTrue(host.view.subviews.first is UIScrollView)
            XCTAssertEqual(host.view.subviews.count, 2)
            XCTAssertTrue(host.view.subviews.last?.isHidden == true)
            _ = window
        }
    }

    func testScrollViewBasedHostKeepsItsContentOrder() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            let host = ScriptedViewController("S", log: log, logsLayout: false)
            host.isScrollViewBased = true
            host.run(in: "viewDidLoad") { host in
                host.view.addSubview(UILabel())
                host.add(behaviours: [RecordingBehaviour("s1", log: log, logsLayout: false)])
            }
            log.removeAll()
            nav.pushViewController(host, animated: false)

            let scrollView = host.view as? UIScrollView
            XCTAssertNotNil(scrollView)
            XCTAssertTrue(host.view.subviews.first is UILabel)
            XCTAssertEqual(host.view.subviews.count, 2)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("s1.") }, ["s1.afterLoading", "s1.beforeAppearing", "s1.afterAppearing"])
            _ = window
        }
    }
}
