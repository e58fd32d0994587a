#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import TestSupport
import XCTest

/// Scenario 13: tab switching, slow and rapid, never gives a behaviour a disappearance before it loaded
/// and appeared.
final class TabBarBehaviourTests: HeadlessTestCase {
    func testSwitchingTabs() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (tabs, window) = showTwoTabs(log: log)
            XCTAssertEqual(log.entries, [
                "A.viewDidLoad", "a1.afterLoading",
                "A.viewWillAppear", "a1.beforeAppearing",
                "A.viewDidAppear", "a1.afterAppearing",
            ])
            log.removeAll()

            Headless.tapTab(at: 1, in: tabs)
            XCTAssertEqual(log.entries, [
                "B.viewDidLoad", "b1.afterLoading",
                "B.viewWillAppear", "b1.beforeAppearing",
                "A.viewWillDisappear", "a1.beforeDisappearing",
                "A.viewDidDisappear", "a1.afterDisappearing",
                "B.viewDidAppear", "b1.afterAppearing",
            ])
            log.removeAll()

            tabs.selectedIndex = 0
            XCTAssertEqual(log.entries, [
                "A.viewWillAppear", "a1.beforeAppearing",
                "B.viewWillDisappear", "b1.beforeDisappearing",
                "B.viewDidDisappear", "b1.afterDisappearing",
                "A.viewDidAppear", "a1.afterAppearing",
            ])
            _ = window
        }
    }

    func testSwitchingToATabAndStraightBack() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (tabs, window) = showTwoTabs(log: log)
            log.removeAll()

            Headless.tapTab(at: 1, in: tabs)
            Headless.tapTab(at: 0, in: tabs)
            Headless.tapTab(at: 1, in: tabs)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("b1.") }, [
                "b1.afterLoading",
                "b1.beforeAppearing", "b1.afterAppearing",
                "b1.beforeDisappearing", "b1.afterDisappearing",
                "b1.beforeAppearing", "b1.afterAppearing",
            ])
            _ = window
        }
    }

    func testRapidTabSwitchingKeepsEveryBehaviourWellFormed() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let names = ["A", "B", "C", "D"]
            var hosts: [UIViewController] = names.map { name in
                makeHost(name, log: log, behaviourNames: ["\(name.lowercased())1", "\(name.lowercased())2"])
            }
            // The last tab is a navigation stack that is mid-push when tabs change.
            let stackHost = makeHost("S", log: log, behaviourNames: ["s1"])
            let nav = UINavigationController(rootViewController: stackHost)
            hosts.append(nav)
            let tabs = UITabBarController()
            tabs.viewControllers = hosts
            let window = showInWindow(tabs)

            var random = SplitMix64(seed: 13)
            for step in 0..<300 {
                let index = Int(random.next() % UInt64(hosts.count))
                switch step % 3 {
                case 0: Headless.tapTab(at: index, in: tabs)
                case 1: tabs.selectedIndex = index
                default: tabs.selectedViewController = hosts[index]
                }
                if step % 7 == 0 {
                    if nav.viewControllers.count > 2 {
                        nav.popViewController(animated: true)
                    } else {
                        nav.pushViewController(makeHost("P\(step)", log: log, behaviourNames: ["p\(step)"]), animated: true)
                    }
                }
                if step % 5 == 0 { Headless.settle() }
            }
            Headless.settle()

            let behaviourNames = Set(log.entries.compactMap { entry -> String? in
                let name = String(entry.prefix { $0 != "." })
                return name.first?.isLowercase == true ? name : nil
            })
            XCTAssertGreaterThan(behaviourNames.count, 10)
            for name in behaviourNames {
                assertWellFormedHooks(log.entries, of: name)
            }

            // Only the behaviours of what is on screen now end appeared.
            let onScreen = tabs.selectedViewController === nav ? nav.topViewController : tabs.selectedViewController
            let visibleName = (onScreen as? ScriptedViewController)?.name.lowercased() ?? ""
            for name in behaviourNames {
                let lastAppearance = log.entries.last { entry in
                    entry.hasPrefix("\(name).") && (entry.hasSuffix("Appearing") || entry.hasSuffix("Disappearing"))
                }
                let expected = name.hasPrefix(visibleName) ? "\(name).afterAppearing" : "\(name).afterDisappearing"
                if lastAppearance != nil || name.hasPrefix(visibleName) {
                    XCTAssertEqual(lastAppearance, expected, name)
                }
            }
            _ = window
        }
    }
}

// MARK: - Helpers

/// A window showing a tab bar controller with hosts A (behaviour a1) and B (behaviour b1), layout not logged.
@MainActor
private func showTwoTabs(log: LifecycleLog) -> (UITabBarController, UIWindow) {
    let tabs = UITabBarController()
    tabs.viewControllers = [
        makeHost("A", log: log, behaviourNames: ["a1"], logsLayout: false),
        makeHost("B", log: log, behaviourNames: ["b1"], logsLayout: false),
    ]
    return (tabs, showInWindow(tabs))
}
