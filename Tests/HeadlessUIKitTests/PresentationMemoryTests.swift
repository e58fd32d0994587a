import TestSupport
import XCTest
import HeadlessUIKit

/// A covering presentation keeps nothing alive that the app released: UIKit does not retain the superview a
/// covered presenter's view left, so a presenting hierarchy goes away with its window.
final class PresentationMemoryTests: HeadlessTestCase {
    func testAPresentingHierarchyWhoseWindowIsReleasedDeallocates() {
        for style in [UIModalPresentationStyle.fullScreen, .currentContext] {
            for animated in [false, true] {
                MainActor.assumeIsolated {
                    weak var weakWindow: UIWindow?
                    weak var weakPresenter: UIViewController?
                    weak var weakPresented: UIViewController?
                    do {
                        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
                        let presenter = UIViewController()
                        window.rootViewController = presenter
                        window.makeKeyAndVisible()
                        let presented = UIViewController()
                        presented.modalPresentationStyle = style
                        presenter.present(presented, animated: animated)
                        Headless.settle()
                        XCTAssertNil(presenter.viewIfLoaded?.window, "\(style): the presenter's view is covered")
                        XCTAssertTrue(presented.view.window === window)
                        weakWindow = window
                        weakPresenter = presenter
                        weakPresented = presented
                        // How an app lets a window go: it hides it and drops its reference.
                        window.isHidden = true
                    }
                    XCTAssertNil(weakWindow, "\(style), animated \(animated)")
                    XCTAssertNil(weakPresenter, "\(style), animated \(animated)")
                    XCTAssertNil(weakPresented, "\(style), animated \(animated)")
                }
            }
        }
    }

    func testDismissalStillPutsTheCoveredViewBack() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            let presenter = UIViewController()
            window.rootViewController = presenter
            window.makeKeyAndVisible()
            let below = UIView()
            window.insertSubview(below, at: 0)
            let presented = UIViewController()
            presented.modalPresentationStyle = .fullScreen
            presenter.present(presented, animated: false)
            XCTAssertNil(presenter.view.superview)
            presented.dismiss(animated: false)
            XCTAssertTrue(presenter.view.superview === window)
            XCTAssertEqual(window.subviews.firstIndex { $0 === presenter.view }, 1, "back at the index it left")
            window.isHidden = true
        }
    }
}
