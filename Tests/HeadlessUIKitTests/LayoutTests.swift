import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS.md statements 19–23: layout and the update cycle.
final class LayoutTests: HeadlessTestCase {
    func test19_setNeedsLayoutMarksAndReturnsAndCoalescesIntoTheNextCycle() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            view.setNeedsLayout()
            view.setNeedsLayout()
            XCTAssertEqual(log.entries, [], "setNeedsLayout returns without laying out")
            Headless.settle()
            XCTAssertEqual(log.entries, ["V.layoutSubviews"], "one coalesced pass in the next update cycle")

            log.removeAll()
            view.layoutIfNeeded()
            XCTAssertEqual(log.entries, [], "nothing pending, nothing done")
            view.setNeedsLayout()
            view.layoutIfNeeded()
            XCTAssertEqual(log.entries, ["V.layoutSubviews"], "pending layout happens now")
            // Settling runs whatever update cycle is still scheduled: none may lay the view out again.
            Headless.settle()
            XCTAssertEqual(log.entries, ["V.layoutSubviews"])
            XCTAssertNotNil(window)
        }
    }

    func test20_sizeChangesAndSubviewChangesMarkButOriginChangesAndParentLayoutDoNot() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            let child = LoggingView("Child", log: log, frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.addSubview(child)
            log.removeAll()
            view.layoutIfNeeded()
            XCTAssertEqual(log.entries, ["V.layoutSubviews", "Child.layoutSubviews"], "adding a subview marks the superview; a new view needs a first layout")

            log.removeAll()
            view.frame.origin = CGPoint(x: 5, y: 5)
            view.layoutIfNeeded()
            XCTAssertEqual(log.entries, [], "moving without resizing does not mark")

            view.frame.size = CGSize(width: 50, height: 50)
            view.layoutIfNeeded()
            XCTAssertEqual(log.entries, ["V.layoutSubviews"], "a size change marks the view, not its unmarked subviews")

            log.removeAll()
            child.removeFromSuperview()
            view.layoutIfNeeded()
            XCTAssertEqual(log.entries.filter { $0.contains("layout") }, ["V.layoutSubviews"], "removing a subview marks the superview")
            XCTAssertNotNil(window)
        }
    }

    func test21_controllerLayoutCallbacksWrapRootViewLayoutAndChildrenFollowTheParent() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let parent = makeController("P", log: log, logsViewCallbacks: true, logsLayout: true)
            let child = makeController("C", log: log, logsViewCallbacks: true, logsLayout: true)
            parent.addChild(child)
            parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
            log.removeAll()
            parent.view.layoutIfNeeded()
            XCTAssertEqual(log.entries, [
                "P.viewWillLayoutSubviews", "PView.layoutSubviews", "P.viewDidLayoutSubviews",
                "C.viewWillLayoutSubviews", "CView.layoutSubviews", "C.viewDidLayoutSubviews",
            ])
        }
    }

    func test22_autoresizingResizesSubviewsAtOnceAndMarksThem() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let filling = LoggingView("Fill", log: log, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            filling.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            let pinned = UIView(frame: CGRect(x: 80, y: 10, width: 20, height: 20))
            pinned.autoresizingMask = [.flexibleLeftMargin]
            let centred = UIView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
            centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
            let fixed = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
            [filling, pinned, centred, fixed].forEach(container.addSubview)
            container.layoutIfNeeded()
            log.removeAll()

            container.bounds.size = CGSize(width: 200, height: 150)
            XCTAssertEqual(filling.frame, CGRect(x: 0, y: 0, width: 200, height: 150), "resized at once")
            XCTAssertEqual(pinned.frame, CGRect(x: 180, y: 10, width: 20, height: 20))
            XCTAssertEqual(centred.frame, CGRect(x: 90, y: 40, width: 20, height: 20))
            XCTAssertEqual(fixed.frame, CGRect(x: 10, y: 10, width: 20, height: 20))
            XCTAssertEqual(log.entries, [])
            container.layoutIfNeeded()
            XCTAssertEqual(log.entries, ["Fill.layoutSubviews"], "the resized subview was marked")

            container.autoresizesSubviews = false
            container.bounds.size = CGSize(width: 300, height: 300)
            XCTAssertEqual(filling.frame.size, CGSize(width: 200, height: 150))
        }
    }

    func test23_updateCycleRunsAtTheEndOfARunLoopTurnInDefaultAndTrackingModes() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (window, view) = windowWithView(log)
            for mode in [RunLoop.Mode.default, .tracking] {
                log.removeAll()
                view.setNeedsLayout()
                MainRunLoop.run(mode, until: { !log.entries.isEmpty })
                XCTAssertEqual(log.entries, ["V.layoutSubviews"], "\(mode.rawValue)")
            }
            let detached = LoggingView("Detached", log: log)
            log.removeAll()
            detached.setNeedsLayout()
            // A view in the window marked too: once its pass has run, the detached view's would have.
            view.setNeedsLayout()
            Headless.settle()
            XCTAssertEqual(log.entries, ["V.layoutSubviews"], "views outside windows wait until they join one")
            log.removeAll()
            view.addSubview(detached)
            Headless.settle()
            XCTAssertEqual(log.entries.filter { $0.hasSuffix("layoutSubviews") }, ["V.layoutSubviews", "Detached.layoutSubviews"])
            XCTAssertNotNil(window)
        }
    }
}
