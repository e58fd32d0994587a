// `Headless` exists only in HeadlessUIKit: on iOS this file compiles to nothing.
#if canImport(HeadlessUIKit)
import Foundation
import HeadlessUIKit
@testable import QuickStart
import Tracking
import XCTest

// Snippet: testing-a-tap
final class SparkButtonTapTests: XCTestCase {
    func testATapOnTheSparkButtonIsRecordedOnTheProfile() {
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: storage) }
        MainActor.assumeIsolated {
            Headless.reset()                             // a fresh, active app: no windows, nothing pending
            defer { Headless.reset() }                   // and last: nothing of the test lives on
            let clock = ManualTrackingClock()
            var configuration = TrackingConfiguration()
            configuration.clock = clock
            configuration.storageDirectory = storage
            configuration.tracksApplicationLifecycleEvents = false
            let recorded = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [recorded])
            tracker.start()                              // taps are captured while the tracker runs

            let profile = ProfileViewController(user: User(id: UUID(), name: "Ada"))
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = profile
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            tracker.scanNow()                            // the screen view; the window gets the tracker's recognizer

            // Snippet: tap-on-the-manual-clock
            let button = profile.sparkButton
            let center = button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: window)
            Headless.tap(at: center, in: window, timestamp: clock.now().uptime)   // on the tracker's clock
            XCTAssertEqual(recorded.events.map(\.kind), [.screenView, .tap])
            // Snippet end
            XCTAssertEqual(recorded.events.last?.name, "spark_button")
            XCTAssertEqual(recorded.events.last?.screen?.screenName, .myProfile)
            tracker.stop()
            window.isHidden = true
        }
    }
}
// Snippet end
#endif
