import Foundation
@testable import QuickStart
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import XCTest

/// The feed's behaviour: a screenshot taken while the feed is on screen presents the app's share screen.
final class FeedScreenshotTests: XCTestCase {
    func testAScreenshotOfTheFeedOnScreenPresentsTheShareScreen() {
        MainActor.assumeIsolated {
            let feed = FeedViewController()
            feed.loadViewIfNeeded()
            NotificationCenter.default.post(name: UIApplication.userDidTakeScreenshotNotification, object: UIApplication.shared)
            XCTAssertNil(feed.presentedViewController, "not on screen yet")

            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = feed
            window.makeKeyAndVisible()
            NotificationCenter.default.post(name: UIApplication.userDidTakeScreenshotNotification, object: UIApplication.shared)
            XCTAssertTrue(feed.presentedViewController is ShareScreenshotViewController)
            window.isHidden = true
        }
    }
}
