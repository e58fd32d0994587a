import TestSupport
import XCTest
import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// `Tracker.statistics` and `Tracker.scanObserver`: what the tracker reports about its own work.
final class TrackerStatisticsTests: HeadlessTestCase {
    func testStatisticsAndObserverCountEveryScanWithItsEvents() {
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
            configuration.minimumVisibleDuration = 0
            let tracker = Tracker(configuration: configuration, sinks: [])
            var summaries: [TrackingScanSummary] = []
            tracker.scanObserver = { summaries.append($0) }

            let screen = UIViewController()
            screen.trackingScreen = TrackingScreen(screenName: "home")
            let button = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
            button.trackingElement = TrackingElement(elementType: "cta")
            screen.view.addSubview(button)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.rootViewController = screen
            window.makeKeyAndVisible()

            XCTAssertEqual(tracker.statistics, TrackingStatistics())
            tracker.scanNow()
            clock.advance(by: 1)
            tracker.scanNow()

            XCTAssertEqual(summaries.map(\.scanNumber), [1, 2])
            XCTAssertEqual(summaries.map { $0.events.map(\.name) }, [["home", "cta"], []])
            XCTAssertEqual(summaries[1].timestamp.timeIntervalSince(summaries[0].timestamp), 1, accuracy: 1e-9)
            XCTAssertTrue(summaries.allSatisfy { $0.viewsVisited >= 2 && $0.duration >= 0 })
            XCTAssertEqual(tracker.statistics.scanCount, 2)
            XCTAssertEqual(tracker.statistics.eventsDelivered, 2)
            XCTAssertEqual(tracker.statistics.viewsVisited, summaries.map(\.viewsVisited).reduce(0, +))
            XCTAssertEqual(tracker.statistics.totalScanDuration, summaries.map(\.duration).reduce(0, +), accuracy: 1e-12)
            XCTAssertNotNil(window)
        }
    }
}
