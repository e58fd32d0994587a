#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
@testable import Behaviours
import Foundation
import TestSupport
import XCTest

#if !os(tvOS)
/// The screenshot detector as the article this package implements writes it ("How to make friends with
/// UIKit"): a closure with no argument, added from `viewDidLoad`. The snippet is compiled verbatim.
final class ArticleScreenshotSnippetTests: HeadlessTestCase {
    func testTheArticlesDetectorCompilesVerbatimAndFiresWhileItsHostIsVisible() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (navigation, window) = makeNavigation(log: log)
            weak var weakHost: ArticleProfileViewController?
            releasingScope {
                let host = ArticleProfileViewController()
                weakHost = host
                navigation.pushViewController(host, animated: false)
                let detectors = Self.screenshotDetectors(of: host)
                XCTAssertEqual(detectors.count, 2, "both detectors were added in viewDidLoad")
                XCTAssertTrue(detectors.allSatisfy(\.isObserving), "visible: both observe")

                Headless.takeScreenshot()
                XCTAssertEqual(host.screenshots, 1)

                navigation.pushViewController(UIViewController(), animated: false)
                XCTAssertFalse(detectors.contains(where: \.isObserving), "covered: neither observes")
                Headless.takeScreenshot()
                XCTAssertEqual(host.screenshots, 1)

                navigation.popViewController(animated: false)
                Headless.takeScreenshot()
                XCTAssertEqual(host.screenshots, 2)
                navigation.popViewController(animated: false)
            }
            XCTAssertNil(weakHost, "neither closure keeps its host alive")
            _ = window
        }
    }

    func testTrailingClosuresOfEitherShapePickTheirInitializerWithoutAmbiguity() {
        MainActor.assumeIsolated {
            var calls: [String] = []
            let host = RecordingViewController("H", log: LifecycleLog(), logsLayout: false)
            host.add(behaviours: [
                ScreenshotDetector { calls.append("no argument, default center") },
                ScreenshotDetector(notificationCenter: .default) { calls.append("no argument") },
                ScreenshotDetector(notificationCenter: .default) { host in
                    calls.append("host \((host as? RecordingViewController)?.name ?? "?")")
                },
                ScreenshotDetector { calls.append("$0 \(($0 as? RecordingViewController)?.name ?? "?")") },
                ScreenshotDetector { _ in calls.append("ignored host") },
                ScreenshotDetector(host: RecordingViewController.self) { calls.append("typed \($0.name)") },
                ScreenshotDetector(notificationCenter: .default, didDetectScreenshot: { calls.append("labelled") }),
            ])
            let window = showInWindow(host)

            Headless.takeScreenshot()
            // NotificationCenter does not promise an order among observers of one notification.
            XCTAssertEqual(calls.sorted(), [
                "$0 H", "host H", "ignored host", "labelled", "no argument", "no argument, default center", "typed H",
            ])
            _ = window
        }
    }

    // MARK: - Private

    @MainActor
    private static func screenshotDetectors(of host: UIViewController) -> [ScreenshotDetector] {
        BehavioursViewController.existing(in: host)?.entries.compactMap { $0.behaviour as? ScreenshotDetector } ?? []
    }
}

/// A profile screen written as in the article, plus a detector of the same shape that counts.
private final class ArticleProfileViewController: UIViewController {
    var screenshots = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        add(behaviours: [
            ScreenshotDetector(notificationCenter: NotificationCenter.default) { /* Screenshot was detected */ },
        ])
        add(behaviours: [
            ScreenshotDetector(notificationCenter: NotificationCenter.default) { [weak self] in self?.screenshots += 1 },
        ])
    }
}
#endif
