import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS.md statements 13–18: containment, navigation, tabs, presentation.
final class ContainmentTests: HeadlessTestCase {
    func test13_addChildCallsWillMoveAndRemoveFromParentCallsDidMove() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let first = makeController("P1", log: log)
            let second = makeController("P2", log: log)
            let child = makeController("C", log: log)
            first.addChild(child)
            XCTAssertEqual(log.entries, ["C.willMove(P1)"])
            XCTAssertTrue(child.parent === first)
            child.didMove(toParent: first)

            log.removeAll()
            second.addChild(child)
            XCTAssertEqual(log.entries, ["C.didMove(nil)", "C.willMove(P2)"], "a child with another parent is removed from it first")
            XCTAssertEqual(first.children, [])
            XCTAssertEqual(second.children, [child])

            log.removeAll()
            child.willMove(toParent: nil)
            child.removeFromParent()
            XCTAssertEqual(log.entries, ["C.willMove(nil)", "C.didMove(nil)"])
            XCTAssertNil(child.parent)
        }
    }

    func test14_pushAndPopOrdersEventByEvent() {
        for animated in [false, true] {
            MainActor.assumeIsolated {
                let log = LifecycleLog()
                let a = makeController("A", log: log)
                let navigation = UINavigationController(rootViewController: a)
                let window = showInWindow(navigation)
                log.removeAll()
                weak var weakB: RecordingViewController?
                do {
                    let b = makeController("B", log: log, logsLayout: true)
                    weakB = b
                    navigation.pushViewController(b, animated: animated)
                    Headless.settle()
                    XCTAssertEqual(log.entries, [
                        "B.willMove(UINavigationController)", "B.loadView", "B.viewDidLoad",
                        "A.viewWillDisappear", "B.viewWillAppear", "B.viewWillLayoutSubviews", "B.viewDidLayoutSubviews",
                        "A.viewDidDisappear", "B.viewDidAppear", "B.didMove(UINavigationController)",
                    ], "animated: \(animated)")
                    XCTAssertEqual(navigation.view.subviews.filter { $0 !== navigation.navigationBar }, [b.view])
                    b.logsLayout = false
                }
                log.removeAll()
                navigation.popViewController(animated: animated)
                Headless.settle()
                XCTAssertEqual(log.entries, [
                    "B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear",
                    "B.viewDidDisappear", "A.viewDidAppear", "B.didMove(nil)",
                ], "animated: \(animated)")
                XCTAssertEqual(navigation.view.subviews.filter { $0 !== navigation.navigationBar }, [a.view])
                XCTAssertNil(weakB, "a popped controller is released")
                XCTAssertNotNil(window)
            }
        }
    }

    func test14_pushCallsWillMoveBeforeLoadingWhereverTheNavigationControllerIs() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let unloaded = UINavigationController(rootViewController: makeController("A", log: log))
            let b = makeController("B", log: log)
            log.removeAll()
            unloaded.pushViewController(b, animated: false)
            XCTAssertEqual(log.entries, ["B.willMove(UINavigationController)", "B.didMove(UINavigationController)"],
                           "an unloaded navigation controller loads nothing")
            XCTAssertFalse(b.isViewLoaded)

            let offscreen = UINavigationController(rootViewController: makeController("R", log: log))
            offscreen.loadViewIfNeeded()
            let c = makeController("C", log: log)
            log.removeAll()
            offscreen.pushViewController(c, animated: false)
            XCTAssertEqual(log.entries, [
                "C.willMove(UINavigationController)", "C.loadView", "C.viewDidLoad", "C.didMove(UINavigationController)",
            ], "loaded but in no window: no appearance calls")
            XCTAssertTrue(c.view.superview === offscreen.view)
        }
    }

    func test14_setViewControllersCallsWillMoveOnEveryArrivalBeforeTheTopLoads() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let a = makeController("A", log: log)
            let navigation = UINavigationController(rootViewController: a)
            let window = showInWindow(navigation)
            let b = makeController("B", log: log)
            let c = makeController("C", log: log)
            log.removeAll()
            navigation.setViewControllers([a, b, c], animated: false)
            XCTAssertEqual(log.entries, [
                "B.willMove(UINavigationController)", "C.willMove(UINavigationController)",
                "C.loadView", "C.viewDidLoad", "A.viewWillDisappear", "C.viewWillAppear",
                "A.viewDidDisappear", "C.viewDidAppear",
                "B.didMove(UINavigationController)", "C.didMove(UINavigationController)",
            ])
            XCTAssertFalse(b.isViewLoaded, "only the top controller loads")
            XCTAssertNotNil(window)
        }
    }

    func test14_controllersLoadBeforeTheirFirstAppearanceWhateverTheTransition() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let a = makeController("A", log: log)
            let navigation = UINavigationController(rootViewController: a)
            let window = showInWindow(navigation)
            log.removeAll()
            let b = makeController("B", log: log)
            let c = makeController("C", log: log)
            navigation.setViewControllers([a, b, c], animated: false)
            XCTAssertEqual(Array(log.entries.filter { $0.hasPrefix("C") }.prefix(3)), ["C.willMove(UINavigationController)", "C.loadView", "C.viewDidLoad"])
            log.removeAll()
            Headless.beginInteractivePop(in: navigation)?.cancel()
            XCTAssertEqual(Array(log.entries.filter { $0.hasPrefix("B") }.prefix(3)), ["B.loadView", "B.viewDidLoad", "B.viewWillAppear"])
            log.removeAll()
            navigation.popToRootViewController(animated: false)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("A") }, ["A.viewWillAppear", "A.viewDidAppear"])
            XCTAssertNotNil(window)
        }
    }

    func test15_navigationRootGetsWillMoveAtOnceAndDidMoveAfterFirstAppearance() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let root = makeController("R", log: log)
            let navigation = UINavigationController(rootViewController: root)
            XCTAssertEqual(log.entries, ["R.willMove(UINavigationController)"])
            let window = showInWindow(navigation)
            XCTAssertEqual(log.entries, ["R.willMove(UINavigationController)", "R.loadView", "R.viewDidLoad",
                                         "R.viewWillAppear", "R.viewDidAppear", "R.didMove(UINavigationController)"])
            XCTAssertNotNil(window)
        }
    }

    func test16_tabsLoadLazilySwitchInOrderAndDelegateHearsOnlyTaps() {
        MainActor.assumeIsolated {
            final class Delegate: NSObject, UITabBarControllerDelegate {
                var selected: [UIViewController] = []
                func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
                    selected.append(viewController)
                }
            }
            let log = LifecycleLog()
            let a = makeController("A", log: log)
            let b = makeController("B", log: log)
            let tabs = UITabBarController()
            let delegate = Delegate()
            tabs.delegate = delegate
            tabs.viewControllers = [a, b]
            XCTAssertEqual(log.entries, [
                "A.willMove(UITabBarController)", "A.didMove(UITabBarController)",
                "B.willMove(UITabBarController)", "B.didMove(UITabBarController)",
            ], "tabs become children at once and load nothing")
            log.removeAll()
            let window = showInWindow(tabs)
            XCTAssertEqual(log.entries, ["A.loadView", "A.viewDidLoad", "A.viewWillAppear", "A.viewDidAppear"])
            XCTAssertFalse(b.isViewLoaded, "a tab loads its view only when first selected")
            log.removeAll()

            tabs.selectedIndex = 1
            XCTAssertEqual(log.entries.filter { !$0.contains("Layout") }, [
                "B.loadView", "B.viewDidLoad", "B.viewWillAppear", "A.viewWillDisappear", "A.viewDidDisappear", "B.viewDidAppear",
            ])
            XCTAssertTrue(b.view.superview === tabs.view)
            XCTAssertNil(a.view.superview, "only the selected tab's view is in the hierarchy")
            XCTAssertEqual(delegate.selected, [], "programmatic selection does not reach the delegate")

            Headless.tapTab(at: 0, in: tabs)
            XCTAssertEqual(delegate.selected, [a])
            XCTAssertEqual(tabs.selectedIndex, 0)
            XCTAssertNotNil(window)
        }
    }

    func test17_fullScreenCoversAndRemovesPresenterWhileSheetsLeaveItInPlace() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let root = makeController("R", log: log)
            let window = showInWindow(root)

            let full = makeController("F", log: log)
            full.modalPresentationStyle = .fullScreen
            log.removeAll()
            root.present(full, animated: true)
            Headless.settle()
            XCTAssertEqual(log.entries, [
                "F.loadView", "F.viewDidLoad", "R.viewWillDisappear", "F.viewWillAppear", "R.viewDidDisappear", "F.viewDidAppear",
            ], "a presented controller gets no willMove(toParent:) and loads before any appearance call")
            XCTAssertNil(root.view.window, "the covered presenter's view leaves the window")
            log.removeAll()
            full.dismiss(animated: true)
            Headless.settle()
            XCTAssertEqual(log.entries, ["F.viewWillDisappear", "R.viewWillAppear", "F.viewDidDisappear", "R.viewDidAppear"])
            XCTAssertTrue(root.view.window === window)
            XCTAssertNil(full.view.window)

            for style in [UIModalPresentationStyle.pageSheet, .formSheet, .overFullScreen, .overCurrentContext, .automatic] {
                let sheet = makeController("S", log: log)
                sheet.modalPresentationStyle = style
                sheet.loadViewIfNeeded()
                log.removeAll()
                root.present(sheet, animated: false)
                XCTAssertEqual(log.entries, ["S.viewWillAppear", "S.viewDidAppear"], "\(style)")
                XCTAssertTrue(root.view.window === window, "\(style): the presenter stays in the window")
                XCTAssertLessThan(window.subviews.firstIndex(of: root.view)!, window.subviews.firstIndex(of: sheet.view)!)
                root.dismiss(animated: false)
                XCTAssertEqual(log.entries, ["S.viewWillAppear", "S.viewDidAppear", "S.viewWillDisappear", "S.viewDidDisappear"])
            }

            let automatic = UIViewController()
            root.present(automatic, animated: false)
            XCTAssertEqual(automatic.view.frame.minY, 56, "automatic resolves to a page sheet below the status bar")
            XCTAssertEqual(automatic.view.frame.height, window.bounds.height - 56)
            root.dismiss(animated: false)
        }
    }

    func test18_presentedAndPresentingResolveThroughAncestors() {
        MainActor.assumeIsolated {
            let child = UIViewController()
            let navigation = UINavigationController(rootViewController: child)
            let window = showInWindow(navigation)
            let presented = UINavigationController(rootViewController: UIViewController())
            child.present(presented, animated: false)
            XCTAssertTrue(navigation.presentedViewController === presented)
            XCTAssertTrue(child.presentedViewController === presented, "through the parent")
            XCTAssertTrue(presented.presentingViewController === navigation, "the root of the source's hierarchy presents")
            XCTAssertTrue(presented.topViewController?.presentingViewController === navigation, "through the presented parent")
            XCTAssertTrue(navigation.visibleViewController === presented)

            let second = UIViewController()
            child.present(second, animated: false)
            XCTAssertNil(second.presentingViewController, "presenting on a controller that already presents is refused")
            presented.topViewController?.dismiss(animated: false)
            XCTAssertNil(navigation.presentedViewController)
            XCTAssertNotNil(window)
        }
    }
}
