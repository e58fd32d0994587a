import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Tagging as the article this package implements writes it ("How to make friends with UIKit"): the screen
/// in `viewDidLoad`, the element in a `UIButton` subclass's `awakeFromNib()`, which UIKit declares
/// nonisolated. The snippets are compiled verbatim (no `MainActor.assumeIsolated`); the test stands in for
/// the nib loader and calls `awakeFromNib()` itself, on the main thread as a nib loader does, and once from
/// a background thread.
final class ArticleTrackingSnippetTests: HeadlessTestCase {
    func testScreenTaggedInViewDidLoadAndButtonTaggedInAwakeFromNibAreRecorded() {
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            let log = DiagnosticLog()
            let sink = InMemoryTrackingSink()
            var configuration = TrackingConfiguration.testing(clock: clock, log: log)
            configuration.minimumVisibleDuration = 1
            let tracker = Tracker(configuration: configuration, sinks: [sink])

            let profile = ArticleProfileViewController()
            XCTAssertNil(profile.trackingScreen, "not before viewDidLoad")
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.rootViewController = profile
            window.makeKeyAndVisible()
            XCTAssertEqual(profile.trackingScreen, TrackingScreen(screenName: "my_profile"))

            // As a nib loader does: create from the archive, connect, then awakeFromNib.
            let sparkButton = SparkUIButton(frame: CGRect(x: 20, y: 100, width: 120, height: 44))
            XCTAssertNil(sparkButton.trackingElement, "not before awakeFromNib")
            sparkButton.awakeFromNib()
            profile.view.addSubview(sparkButton)
            XCTAssertEqual(sparkButton.trackingElement, TrackingElement(elementType: "spark_button"))

            // The same button never awoken (created in code) carries nothing and is never recorded.
            let codeButton = SparkUIButton(frame: CGRect(x: 20, y: 200, width: 120, height: 44))
            profile.view.addSubview(codeButton)

            @MainActor func scan(after seconds: TimeInterval) -> [String] {
                clock.advance(by: seconds)
                Headless.runUpdateCycle()
                return tracker.scanNow().map(\.summary)
            }
            XCTAssertEqual(scan(after: 0), ["screen_view my_profile 1.0"])
            XCTAssertEqual(scan(after: 0.5), [])
            XCTAssertEqual(scan(after: 0.5), ["impression spark_button @my_profile 1.0"])
            XCTAssertEqual(scan(after: 5), [])
            XCTAssertEqual(sink.events.map(\.summary), ["screen_view my_profile 1.0", "impression spark_button @my_profile 1.0"])
            XCTAssertEqual(log.all, [])
            XCTAssertNotNil(window)
        }
    }

    func testTheArticlesButtonTagsItselfWhenAwokenOffTheMainThread() {
        let button = MainActor.assumeIsolated { SparkUIButton(frame: CGRect(x: 0, y: 0, width: 120, height: 44)) }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            button.awakeFromNib()
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        MainActor.assumeIsolated {
            XCTAssertEqual(button.trackingElement, TrackingElement(elementType: "spark_button"))
            button.trackingElement = nil
        }
    }
}

// MARK: - The article's code

// File-private so that other tests of this module may declare the same names.
extension TrackingScreenName { fileprivate static let myProfile: Self = "my_profile" }
extension TrackingElementType { fileprivate static let elementSparkButton: Self = "spark_button" }

private final class ArticleProfileViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        trackingScreen = TrackingScreen(screenName: .myProfile)
    }
}

// Verbatim from the article.
final class SparkUIButton: UIButton {
    public override func awakeFromNib() {
        super.awakeFromNib()
        self.trackingElement = TrackingElement(elementType: .elementSparkButton)
    }
}
