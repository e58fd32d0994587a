import XCTest
import HeadlessUIKit
import TestSupport

/// UIKIT-SEMANTICS.md statements 1–4: view loading.
final class ViewLoadingTests: HeadlessTestCase {
    func test01_viewLoadsLazilyOnceAndIfLoadedAccessorsNeverLoad() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let controller = RecordingViewController("A", log: log)
            XCTAssertFalse(controller.isViewLoaded)
            XCTAssertNil(controller.viewIfLoaded)
            XCTAssertEqual(log.entries, [])
            _ = controller.view
            _ = controller.view
            XCTAssertEqual(log.entries, ["A.loadView", "A.viewDidLoad"])
            XCTAssertTrue(controller.isViewLoaded)
            XCTAssertNotNil(controller.viewIfLoaded)
            controller.loadViewIfNeeded()
            XCTAssertEqual(log.entries, ["A.loadView", "A.viewDidLoad"])

            let other = RecordingViewController("B", log: log)
            other.loadViewIfNeeded()
            XCTAssertEqual(log.entries.suffix(2), ["B.loadView", "B.viewDidLoad"])
        }
    }

    func test02_defaultLoadViewCreatesPlainViewAndOverridesAssignTheirOwn() {
        MainActor.assumeIsolated {
            let plain = UIViewController()
            XCTAssertTrue(type(of: plain.view!) == UIView.self)
            XCTAssertEqual(plain.view.frame, UIScreen.main.bounds)

            final class ScrollingController: UIViewController {
                override func loadView() { view = UIScrollView() }
            }
            XCTAssertTrue(ScrollingController().view is UIScrollView)
        }
    }

    func test03_firstReadOfChildViewLoadsItSynchronously() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let parent = RecordingViewController("P", log: log)
            let child = RecordingViewController("C", log: log)
            parent.view.addSubview(child.view)
            log.append("added")
            XCTAssertEqual(log.entries, ["P.loadView", "P.viewDidLoad", "C.loadView", "C.viewDidLoad", "added"])
        }
    }

    func test04_rootViewControllerIsLoadedAndInstalledSizedToWindow() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let root = RecordingViewController("R", log: log)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.rootViewController = root
            window.makeKeyAndVisible()
            XCTAssertTrue(root.isViewLoaded)
            XCTAssertTrue(root.view.superview === window)
            XCTAssertEqual(root.view.frame, window.bounds)
            XCTAssertTrue(window.isKeyWindow)
            XCTAssertFalse(window.isHidden)
        }
    }
}
