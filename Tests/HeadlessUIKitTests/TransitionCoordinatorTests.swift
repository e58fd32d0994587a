import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS.md statements 35–37: transition coordinators, the edge-swipe pop, end-state frames.
final class TransitionCoordinatorTests: HeadlessTestCase {
    func test35_animatedPushAndPopHaveACoordinatorFromTheCallUntilTheAnimationCompletes() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let a = makeProbe("A", log: log)
            let b = makeProbe("B", log: log)
            let navigation = UINavigationController(rootViewController: a)
            let tabs = UITabBarController()
            tabs.viewControllers = [navigation]
            let window = showInWindow(tabs)
            log.removeAll()

            navigation.pushViewController(b, animated: true)
            let push = navigation.transitionCoordinator
            XCTAssertNotNil(push)
            XCTAssertTrue(b.transitionCoordinator === push)
            XCTAssertTrue(a.transitionCoordinator === push)
            // UIKit's getter asks the ancestors, never the children.
            XCTAssertNil(tabs.transitionCoordinator)
            XCTAssertEqual(push?.isAnimated, true)
            XCTAssertEqual(push?.isInteractive, false)
            XCTAssertEqual(push?.initiallyInteractive, false)
            XCTAssertEqual(push?.isCancelled, false)
            XCTAssertEqual(push?.transitionDuration, Headless.transitionDuration)
            XCTAssertEqual(push?.presentationStyle, UIModalPresentationStyle.none)
            XCTAssertTrue(push?.viewController(forKey: .from) === a)
            XCTAssertTrue(push?.viewController(forKey: .to) === b)
            XCTAssertTrue(push?.view(forKey: .to) === b.view)
            XCTAssertTrue(push?.containerView === navigation.view)
            XCTAssertEqual(probeEntries(log), [
                "A.viewWillDisappear coordinator=A→B animated",
                "B.viewWillAppear coordinator=A→B animated",
            ])
            log.removeAll()

            Headless.settle()
            XCTAssertEqual(probeEntries(log), [
                "A.completion cancelled=false attached=true",
                "B.completion cancelled=false attached=true",
                "A.viewDidDisappear coordinator=nil",
                "B.viewDidAppear coordinator=nil",
            ])
            XCTAssertNil(navigation.transitionCoordinator)
            XCTAssertNil(b.transitionCoordinator)
            XCTAssertEqual(push?.animate(alongsideTransition: nil, completion: nil), false)
            log.removeAll()

            navigation.popViewController(animated: true)
            let pop = b.transitionCoordinator
            XCTAssertTrue(pop === navigation.transitionCoordinator && pop != nil)
            XCTAssertFalse(pop === push)
            XCTAssertTrue(pop?.viewController(forKey: .from) === b)
            XCTAssertTrue(pop?.viewController(forKey: .to) === a)
            Headless.settle()
            XCTAssertEqual(probeEntries(log), [
                "B.viewWillDisappear coordinator=B→A animated",
                "A.viewWillAppear coordinator=B→A animated",
                "B.completion cancelled=false attached=true",
                "A.completion cancelled=false attached=true",
                "B.viewDidDisappear coordinator=nil",
                "A.viewDidAppear coordinator=nil",
            ])
            XCTAssertNil(navigation.transitionCoordinator)
            log.removeAll()

            navigation.pushViewController(b, animated: false)
            XCTAssertNil(navigation.transitionCoordinator)
            XCTAssertEqual(probeEntries(log), [
                "A.viewWillDisappear coordinator=nil", "B.viewWillAppear coordinator=nil",
                "A.viewDidDisappear coordinator=nil", "B.viewDidAppear coordinator=nil",
            ])
            XCTAssertNotNil(window)
        }
    }

    func test35_animatedPresentAndDismissHaveACoordinatorWithTheirPresentationStyle() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let a = makeProbe("A", log: log)
            let window = showInWindow(a)
            let child = UIViewController()
            a.addChild(child)
            a.view.addSubview(child.view)
            child.didMove(toParent: a)
            let sheet = makeProbe("S", log: log)
            sheet.modalPresentationStyle = .fullScreen
            log.removeAll()

            a.present(sheet, animated: true)
            let present = sheet.transitionCoordinator
            XCTAssertNotNil(present)
            XCTAssertTrue(a.transitionCoordinator === present)
            XCTAssertTrue(child.transitionCoordinator === present)
            XCTAssertEqual(present?.presentationStyle, .fullScreen)
            XCTAssertTrue(present?.viewController(forKey: .from) === a)
            XCTAssertTrue(present?.viewController(forKey: .to) === sheet)
            XCTAssertTrue(present?.view(forKey: .from) === a.view)
            XCTAssertTrue(present?.containerView === window)
            Headless.settle()
            XCTAssertNil(sheet.transitionCoordinator)
            XCTAssertNil(a.transitionCoordinator)
            XCTAssertEqual(probeEntries(log), [
                "A.viewWillDisappear coordinator=A→S animated",
                "S.viewWillAppear coordinator=A→S animated",
                "A.completion cancelled=false attached=true",
                "S.completion cancelled=false attached=true",
                "A.viewDidDisappear coordinator=nil",
                "S.viewDidAppear coordinator=nil",
            ])
            log.removeAll()

            sheet.dismiss(animated: true)
            let dismiss = a.transitionCoordinator
            XCTAssertTrue(dismiss === sheet.transitionCoordinator && dismiss != nil)
            XCTAssertEqual(dismiss?.presentationStyle, .fullScreen)
            XCTAssertTrue(dismiss?.viewController(forKey: .from) === sheet)
            XCTAssertTrue(dismiss?.viewController(forKey: .to) === a)
            Headless.settle()
            XCTAssertNil(a.transitionCoordinator)
            XCTAssertEqual(probeEntries(log), [
                "S.viewWillDisappear coordinator=S→A animated",
                "A.viewWillAppear coordinator=S→A animated",
                "S.completion cancelled=false attached=true",
                "A.completion cancelled=false attached=true",
                "S.viewDidDisappear coordinator=nil",
                "A.viewDidAppear coordinator=nil",
            ])

            // A sheet leaves the presenting view where it is: the transition does not hand it out.
            let pageSheet = UIViewController()
            a.present(pageSheet, animated: true)
            XCTAssertEqual(pageSheet.transitionCoordinator?.presentationStyle, .pageSheet)
            XCTAssertNil(pageSheet.transitionCoordinator?.view(forKey: .from))
            XCTAssertTrue(pageSheet.transitionCoordinator?.view(forKey: .to) === pageSheet.view)
            Headless.settle()
            XCTAssertNil(pageSheet.transitionCoordinator)

            a.dismiss(animated: false)
            a.present(sheet, animated: false)
            XCTAssertNil(sheet.transitionCoordinator)
            XCTAssertNil(a.transitionCoordinator)
            a.dismiss(animated: false)
            XCTAssertNotNil(window)
        }
    }

    func test36_edgeSwipeIsInteractiveUntilReleasedAndTellsWhetherItWasAbandoned() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let a = makeProbe("A", log: log)
            let b = makeProbe("B", log: log)
            let navigation = UINavigationController(rootViewController: a)
            let window = showInWindow(navigation)
            navigation.pushViewController(b, animated: false)
            log.removeAll()

            let swipe = Headless.beginInteractivePop(in: navigation)
            let coordinator = navigation.transitionCoordinator
            XCTAssertEqual(coordinator?.isInteractive, true)
            XCTAssertEqual(coordinator?.initiallyInteractive, true)
            XCTAssertEqual(coordinator?.isCancelled, false)
            XCTAssertEqual(coordinator?.isAnimated, true)
            XCTAssertTrue(coordinator?.viewController(forKey: .from) === b)
            XCTAssertTrue(coordinator?.viewController(forKey: .to) === a)
            coordinator?.notifyWhenInteractionChanges { context in
                log.append("released interactive=\(context.isInteractive) cancelled=\(context.isCancelled)")
            }
            XCTAssertEqual(probeEntries(log), [
                "B.viewWillDisappear coordinator=B→A interactive",
                "A.viewWillAppear coordinator=B→A interactive",
            ])
            log.removeAll()

            swipe?.cancel()
            // Apple: on cancellation the handler runs, then the top controller's viewWillAppear.
            XCTAssertEqual(probeEntries(log), [
                "released interactive=false cancelled=true",
                "B.viewWillAppear coordinator=B→A animated",
                "A.viewWillDisappear coordinator=B→A animated",
                "B.completion cancelled=true attached=true",
                "A.completion cancelled=true attached=true",
                "B.completion cancelled=true attached=true",
                "A.completion cancelled=true attached=true",
                "A.viewDidDisappear coordinator=nil",
                "B.viewDidAppear coordinator=nil",
            ])
            XCTAssertNil(navigation.transitionCoordinator)
            XCTAssertEqual(coordinator?.isCancelled, true)
            XCTAssertEqual(coordinator?.isInteractive, false)
            XCTAssertEqual(navigation.viewControllers, [a, b])
            log.removeAll()

            let second = Headless.beginInteractivePop(in: navigation)
            navigation.transitionCoordinator?.notifyWhenInteractionChanges { context in
                log.append("released interactive=\(context.isInteractive) cancelled=\(context.isCancelled)")
            }
            second?.finish()
            XCTAssertEqual(probeEntries(log), [
                "B.viewWillDisappear coordinator=B→A interactive",
                "A.viewWillAppear coordinator=B→A interactive",
                "released interactive=false cancelled=false",
                "B.completion cancelled=false attached=true",
                "A.completion cancelled=false attached=true",
                "B.viewDidDisappear coordinator=nil",
                "A.viewDidAppear coordinator=nil",
            ])
            XCTAssertNil(navigation.transitionCoordinator)
            XCTAssertNil(b.transitionCoordinator)
            XCTAssertEqual(navigation.viewControllers, [a])
            XCTAssertNotNil(window)
        }
    }

    func test37_duringATransitionViewsSitWhereTheyWillEndUp() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let a = makeProbe("A", log: log)
            let b = makeProbe("B", log: log)
            let navigation = UINavigationController(rootViewController: a)
            let window = showInWindow(navigation)
            let fullFrame = CGRect(x: 0, y: 0, width: 390, height: 844)

            navigation.pushViewController(b, animated: true)
            XCTAssertNotNil(navigation.transitionCoordinator)
            XCTAssertEqual(b.view.frame, fullFrame)
            XCTAssertEqual(b.view.convert(CGPoint.zero, to: nil), .zero)
            XCTAssertTrue(b.view.window === window)
            Headless.settle()
            XCTAssertNil(a.viewIfLoaded?.superview)

            let swipe = Headless.beginInteractivePop(in: navigation)
            // The top view is already off the trailing edge; the one below is in place, under it.
            XCTAssertEqual(b.view.frame, CGRect(x: 390, y: 0, width: 390, height: 844))
            XCTAssertEqual(b.view.convert(CGPoint.zero, to: nil), CGPoint(x: 390, y: 0))
            XCTAssertEqual(a.view.frame, fullFrame)
            let subviews = navigation.view.subviews
            XCTAssertLessThan(subviews.firstIndex(of: a.view) ?? .max, subviews.firstIndex(of: b.view) ?? -1)
            swipe?.cancel()
            XCTAssertEqual(b.view.frame, fullFrame)
            XCTAssertNil(a.view.superview)

            let sheet = UIViewController()
            b.present(sheet, animated: true)
            XCTAssertEqual(sheet.view.frame, CGRect(x: 0, y: 56, width: 390, height: 788))
            Headless.settle()
            sheet.dismiss(animated: true)
            // Cover-vertical: the dismissed view has already slid below the window.
            XCTAssertNotNil(sheet.transitionCoordinator)
            XCTAssertEqual(sheet.view.frame, CGRect(x: 0, y: 844, width: 390, height: 788))
            XCTAssertTrue(sheet.view.window === window)
            Headless.settle()
            XCTAssertNil(sheet.view.superview)
            XCTAssertNil(sheet.transitionCoordinator)
        }
    }
}

/// A controller that logs, in each appearance callback, what its coordinator says, and registers a
/// completion in each `will…` callback.
@MainActor
private func makeProbe(_ name: String, log: LifecycleLog) -> RecordingViewController {
    let controller = RecordingViewController(name, log: log, logsLayout: false)
    controller.onCallback = { [unowned controller] callback in
        guard callback.hasPrefix("view"), callback.contains("ppear") else { return }
        let coordinator = controller.transitionCoordinator
        log.append("\(name).\(callback) coordinator=\(describe(coordinator))")
        guard callback.hasPrefix("viewWill") else { return }
        coordinator?.animate(alongsideTransition: nil) { [unowned controller] context in
            log.append("\(name).completion cancelled=\(context.isCancelled) attached=\(controller.transitionCoordinator != nil)")
        }
    }
    return controller
}

/// The probe's entries (they hold a space), without the plain callback names the controller logs too.
@MainActor
private func probeEntries(_ log: LifecycleLog) -> [String] {
    log.entries.filter { $0.contains(" ") }
}

@MainActor
private func describe(_ coordinator: (any UIViewControllerTransitionCoordinator)?) -> String {
    guard let coordinator else { return "nil" }
    let from = (coordinator.viewController(forKey: .from) as? RecordingViewController)?.name ?? "?"
    let to = (coordinator.viewController(forKey: .to) as? RecordingViewController)?.name ?? "?"
    return "\(from)→\(to) \(coordinator.isInteractive ? "interactive" : "animated")"
}
