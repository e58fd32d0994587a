import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS.md statements 24–29: views and windows.
final class ViewTests: HeadlessTestCase {
    func test24_hiddenViewsStayInSubviewsAndDescendantsKeepTheirOwnFlag() {
        MainActor.assumeIsolated {
            let parent = UIView()
            let child = UIView()
            parent.addSubview(child)
            parent.isHidden = true
            XCTAssertEqual(parent.subviews, [child])
            XCTAssertFalse(child.isHidden)
        }
    }

    func test25_hitTestSkipsHiddenNonInteractiveAndTransparentViewsAndTriesFrontFirst() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let back = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            let front = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            let outside = UIView(frame: CGRect(x: 90, y: 90, width: 50, height: 50))
            [back, front, outside].forEach(root.addSubview)
            let point = CGPoint(x: 10, y: 10)
            XCTAssertTrue(root.hitTest(point, with: nil) === front)
            front.isHidden = true
            XCTAssertTrue(root.hitTest(point, with: nil) === back)
            back.isUserInteractionEnabled = false
            XCTAssertTrue(root.hitTest(point, with: nil) === root)
            back.isUserInteractionEnabled = true
            back.alpha = 0.009
            XCTAssertTrue(root.hitTest(point, with: nil) === root)
            back.alpha = 0.01
            XCTAssertTrue(root.hitTest(point, with: nil) === back)
            XCTAssertNil(root.hitTest(CGPoint(x: 120, y: 120), with: nil), "never a point outside the receiver")
            XCTAssertTrue(root.hitTest(CGPoint(x: 95, y: 95), with: nil) === outside)
            XCTAssertFalse(root.point(inside: CGPoint(x: 100, y: 50), with: nil))
        }
    }

    func test26_frameDerivesFromCenterBoundsAndTransformAndBoundsOriginShiftsContent() {
        MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
            XCTAssertEqual(view.center, CGPoint(x: 60, y: 45))
            XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
            view.transform = CGAffineTransform(scaleX: 2, y: 2)
            XCTAssertEqual(view.frame, CGRect(x: -40, y: -5, width: 200, height: 100))
            XCTAssertEqual(view.bounds.size, CGSize(width: 100, height: 50), "the transform leaves bounds alone")
            view.transform = .identity
            view.center = CGPoint(x: 50, y: 25)
            XCTAssertEqual(view.frame, CGRect(x: 0, y: 0, width: 100, height: 50))

            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let content = UIView(frame: CGRect(x: 0, y: 300, width: 100, height: 40))
            scrollView.addSubview(content)
            scrollView.contentOffset = CGPoint(x: 0, y: 280)
            XCTAssertEqual(scrollView.bounds.origin, CGPoint(x: 0, y: 280), "contentOffset is bounds.origin")
            XCTAssertEqual(content.convert(CGPoint.zero, to: scrollView.superview ?? scrollView), CGPoint(x: 0, y: 300))
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            root.addSubview(scrollView)
            XCTAssertEqual(content.convert(content.bounds, to: root), CGRect(x: 0, y: 20, width: 100, height: 40))
        }
    }

    func test27_convertToNilGivesWindowCoordinatesAndBetweenViewsOfAWindow() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let a = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
            let b = UIView(frame: CGRect(x: 5, y: 5, width: 20, height: 20))
            let c = UIView(frame: CGRect(x: 200, y: 100, width: 50, height: 50))
            window.addSubview(a)
            a.addSubview(b)
            window.addSubview(c)
            XCTAssertEqual(b.convert(CGPoint(x: 1, y: 2), to: nil), CGPoint(x: 16, y: 17))
            XCTAssertEqual(b.convert(CGPoint(x: 1, y: 2), to: c), CGPoint(x: -184, y: -83))
            XCTAssertEqual(c.convert(CGPoint(x: -184, y: -83), to: b), CGPoint(x: 1, y: 2))
            XCTAssertEqual(b.convert(CGPoint(x: 16, y: 17), from: nil), CGPoint(x: 1, y: 2))
            XCTAssertEqual(b.convert(CGRect(x: 0, y: 0, width: 20, height: 20), to: nil), CGRect(x: 15, y: 15, width: 20, height: 20))
            a.transform = CGAffineTransform(rotationAngle: .pi / 2)
            let rotated = b.convert(b.bounds, to: nil)
            XCTAssertEqual(rotated.width, 20, accuracy: 1e-9, "rotation gives the bounding box")
            XCTAssertEqual(rotated.minX, 85, accuracy: 1e-9)
            XCTAssertEqual(rotated.minY, 15, accuracy: 1e-9)
        }
    }

    func test28_windowIsNilUntilAnAncestorIsAWindowAndHierarchyCallbacksReachTheSubtree() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let window = UIWindow(frame: UIScreen.main.bounds)
            let parent = LoggingView("P", log: log)
            let child = LoggingView("C", log: log)
            parent.addSubview(child)
            XCTAssertEqual(log.entries, ["C.willMoveToSuperview(view)", "C.didMoveToSuperview", "P.didAddSubview"])
            XCTAssertNil(child.window)
            log.removeAll()

            window.addSubview(parent)
            XCTAssertTrue(child.window === window)
            XCTAssertEqual(log.entries, [
                "P.willMoveToSuperview(view)", "P.willMoveToWindow(window)", "C.willMoveToWindow(window)",
                "P.didMoveToWindow", "C.didMoveToWindow", "P.didMoveToSuperview",
            ])
            log.removeAll()

            parent.removeFromSuperview()
            XCTAssertNil(child.window)
            XCTAssertEqual(log.entries, [
                "P.willMoveToSuperview(nil)", "P.willMoveToWindow(nil)", "C.willMoveToWindow(nil)",
                "P.didMoveToWindow", "C.didMoveToWindow", "P.didMoveToSuperview",
            ])
            log.removeAll()
            child.removeFromSuperview()
            XCTAssertEqual(log.entries, ["P.willRemoveSubview", "C.willMoveToSuperview(nil)", "C.didMoveToSuperview"])
        }
    }

    func test28_superviewAndWindowAreClearedWhenTheyDeallocate() {
        MainActor.assumeIsolated {
            let survivor = UIView()
            let grandchild = UIView()
            survivor.addSubview(grandchild)
            do {
                let window = UIWindow(frame: UIScreen.main.bounds)
                let container = UIView()
                window.addSubview(container)
                container.addSubview(survivor)
                XCTAssertTrue(grandchild.window === window)
            }
            XCTAssertNil(survivor.superview, "a dying superview lets go of its subviews")
            XCTAssertNil(survivor.window)
            XCTAssertNil(grandchild.window, "a dying window clears itself from its whole hierarchy")
            XCTAssertTrue(grandchild.superview === survivor)
        }
    }

    func test29_windowsAreHiddenUntilShownAndOrderedByLevelThenShowing() {
        MainActor.assumeIsolated {
            let first = UIWindow(frame: UIScreen.main.bounds)
            XCTAssertTrue(first.isHidden)
            XCTAssertNil(first.windowScene)
            let alert = UIWindow(windowScene: Headless.windowScene)
            alert.windowLevel = .alert
            let second = UIWindow(frame: UIScreen.main.bounds)
            alert.isHidden = false
            second.makeKeyAndVisible()
            first.isHidden = false
            XCTAssertTrue(first.windowScene === Headless.windowScene, "a window joins the scene when shown")
            XCTAssertEqual(Headless.windowScene.windows, [second, first, alert], "back to front: level, then showing order")
            XCTAssertTrue(second.isKeyWindow)
            XCTAssertTrue(Headless.windowScene.keyWindow === second)
            XCTAssertTrue(UIApplication.shared.connectedScenes.contains(Headless.windowScene))
        }
    }
}
