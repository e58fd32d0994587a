import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS.md statements 5–12: appearance.
final class AppearanceTests: HeadlessTestCase {
    func test05_appearingOrderIsWillAppearJoinWindowLayoutDidAppearAndLeavingMirrorsIt() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let a = makeController("A", log: log)
            let navigation = UINavigationController(rootViewController: a)
            let window = showInWindow(navigation)
            let b = makeController("B", log: log, logsViewCallbacks: true, logsLayout: true)
            b.view.setNeedsLayout()
            log.removeAll()

            navigation.pushViewController(b, animated: false)
            let joining = log.entries.filter { $0.hasPrefix("B") }
            XCTAssertEqual(joining, [
                "B.willMove(UINavigationController)", "B.viewWillAppear",
                "BView.willMoveToSuperview(view)", "BView.willMoveToWindow(window)", "BView.didMoveToWindow", "BView.didMoveToSuperview",
                "B.viewWillLayoutSubviews", "BView.layoutSubviews", "B.viewDidLayoutSubviews",
                "B.viewDidAppear", "B.didMove(UINavigationController)",
            ])

            log.removeAll()
            navigation.popViewController(animated: false)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("B") }, [
                "B.willMove(nil)", "B.viewWillDisappear",
                "BView.willMoveToSuperview(nil)", "BView.willMoveToWindow(nil)", "BView.didMoveToWindow", "BView.didMoveToSuperview",
                "B.viewDidDisappear", "B.didMove(nil)",
            ])
            XCTAssertNotNil(window)
        }
    }

    func test06_appearMeansJoiningTheWindowNotBeingSeen() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let root = makeController("R", log: log)
            root.view.isHidden = true
            root.view.alpha = 0
            let window = showInWindow(root)
            XCTAssertEqual(log.entries.suffix(2), ["R.viewWillAppear", "R.viewDidAppear"])
            XCTAssertNotNil(window)
        }
    }

    func test07_containersUseBeginEndAndMayDriveChildrenThemselves() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            XCTAssertTrue(UIViewController().shouldAutomaticallyForwardAppearanceMethods)

            final class ManualContainer: UIViewController {
                override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
            }
            let container = ManualContainer()
            let child = makeController("C", log: log)
            container.addChild(child)
            container.view.addSubview(child.view)
            child.didMove(toParent: container)
            log.removeAll()

            container.beginAppearanceTransition(true, animated: false)
            container.endAppearanceTransition()
            XCTAssertEqual(log.entries, [], "a container that does not forward leaves its children alone")

            child.beginAppearanceTransition(true, animated: false)
            child.endAppearanceTransition()
            XCTAssertEqual(log.entries, ["C.viewWillAppear", "C.viewDidAppear"])
        }
    }

    func test08_beginEndCounterNestsAndRestartsInTheOtherDirection() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let controller = makeController("A", log: log)
            controller.beginAppearanceTransition(true, animated: false)
            controller.beginAppearanceTransition(true, animated: false)
            XCTAssertEqual(log.entries, ["A.viewWillAppear"])
            controller.endAppearanceTransition()
            XCTAssertEqual(log.entries, ["A.viewWillAppear"], "did fires only when the counter returns to zero")
            controller.endAppearanceTransition()
            XCTAssertEqual(log.entries, ["A.viewWillAppear", "A.viewDidAppear"])
            controller.endAppearanceTransition()
            XCTAssertEqual(log.entries.count, 2, "an unmatched end does nothing")

            log.removeAll()
            controller.beginAppearanceTransition(false, animated: false)
            controller.beginAppearanceTransition(true, animated: false)
            controller.endAppearanceTransition()
            XCTAssertEqual(log.entries, ["A.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear"])
        }
    }

    func test09_cancelledInteractivePopGivesTopWillDisappearWillAppearDidAppear() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let a = makeController("A", log: log)
            let b = makeController("B", log: log)
            let navigation = UINavigationController(rootViewController: a)
            let window = showInWindow(navigation)
            navigation.pushViewController(b, animated: false)
            log.removeAll()

            let pop = Headless.beginInteractivePop(in: navigation)
            pop?.cancel()
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("B") }, ["B.viewWillDisappear", "B.viewWillAppear", "B.viewDidAppear"])
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("A") }, ["A.viewWillAppear", "A.viewWillDisappear", "A.viewDidDisappear"])
            XCTAssertTrue(navigation.topViewController === b)
            XCTAssertTrue(b.view.superview === navigation.view)
            XCTAssertNil(a.view.superview)

            log.removeAll()
            Headless.beginInteractivePop(in: navigation)?.finish()
            XCTAssertEqual(log.entries, ["B.viewWillDisappear", "A.viewWillAppear", "B.willMove(nil)", "B.viewDidDisappear", "A.viewDidAppear", "B.didMove(nil)"])
            XCTAssertEqual(navigation.viewControllers, [a])
            XCTAssertNotNil(window)
        }
    }

    func test10_movingAndBeingFlagsAreTrueOnlyInsideTheMatchingCallbacks() {
        MainActor.assumeIsolated {
            final class FlagController: UIViewController {
                var seen: [String] = []
                override func viewWillAppear(_ animated: Bool) { seen.append("willAppear moving=\(isMovingToParent) presented=\(isBeingPresented)") }
                override func viewDidAppear(_ animated: Bool) { seen.append("didAppear moving=\(isMovingToParent) presented=\(isBeingPresented)") }
                override func viewWillDisappear(_ animated: Bool) { seen.append("willDisappear moving=\(isMovingFromParent) dismissed=\(isBeingDismissed)") }
                override func viewDidDisappear(_ animated: Bool) { seen.append("didDisappear moving=\(isMovingFromParent) dismissed=\(isBeingDismissed)") }
            }
            let navigation = UINavigationController(rootViewController: UIViewController())
            let window = showInWindow(navigation)
            let pushed = FlagController()
            navigation.pushViewController(pushed, animated: false)
            XCTAssertFalse(pushed.isMovingToParent, "false outside the callbacks")
            navigation.popViewController(animated: false)
            XCTAssertEqual(pushed.seen, ["willAppear moving=true presented=false", "didAppear moving=true presented=false",
                                         "willDisappear moving=true dismissed=false", "didDisappear moving=true dismissed=false"])

            let presented = FlagController()
            presented.modalPresentationStyle = .fullScreen
            navigation.present(presented, animated: false)
            XCTAssertFalse(presented.isBeingPresented)
            presented.dismiss(animated: false)
            XCTAssertEqual(presented.seen, ["willAppear moving=false presented=true", "didAppear moving=false presented=true",
                                            "willDisappear moving=false dismissed=true", "didDisappear moving=false dismissed=true"])
            XCTAssertNotNil(window)
        }
    }

    func test11_parentAndChildAppearTogetherParentFirst() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let parent = makeController("P", log: log)
            let child = makeController("C", log: log)
            parent.addChild(child)
            parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
            log.removeAll()
            let window = showInWindow(parent)
            XCTAssertEqual(log.entries, ["P.viewWillAppear", "C.viewWillAppear", "P.viewDidAppear", "C.viewDidAppear"])
            log.removeAll()
            window.isHidden = true
            XCTAssertEqual(log.entries, ["P.viewWillDisappear", "C.viewWillDisappear", "P.viewDidDisappear", "C.viewDidDisappear"])
        }
    }

    func test12_childViewInsertedLaterAppearsThenAndViewWithoutContainmentGetsNothing() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let parent = makeController("P", log: log)
            let window = showInWindow(parent)
            let child = makeController("C", log: log)
            parent.addChild(child)
            child.loadViewIfNeeded()
            log.removeAll()
            parent.view.addSubview(child.view)
            XCTAssertEqual(log.entries, ["C.viewWillAppear", "C.viewDidAppear"])
            child.didMove(toParent: parent)

            log.removeAll()
            child.view.removeFromSuperview()
            XCTAssertEqual(log.entries, ["C.viewWillDisappear", "C.viewDidDisappear"])

            let orphan = makeController("O", log: log)
            orphan.loadViewIfNeeded()
            log.removeAll()
            parent.view.addSubview(orphan.view)
            orphan.view.removeFromSuperview()
            XCTAssertEqual(log.entries, [], "a view added without addChild gets no appearance calls")
            XCTAssertNotNil(window)
        }
    }
}
