import Foundation
@testable import QuickStart
import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import XCTest

// Snippet: testing-with-a-manual-clock
final class ProfileTrackingTests: XCTestCase {
    // XCTest calls test methods on the main thread; keep them nonisolated and assume the main actor inside.
    func testProfileRecordsItsScreenThenTheButtonAfterOneSecond() {
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: storage) }
        MainActor.assumeIsolated {
            let clock = ManualTrackingClock()
            var configuration = TrackingConfiguration()
            configuration.clock = clock
            configuration.storageDirectory = storage     // identity.json goes here, not into the app's data
            configuration.tracksApplicationLifecycleEvents = false  // this test is about the screen, not the launch
            let recorded = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [recorded])

            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = ProfileViewController(user: User(id: UUID(), name: "Ada"))
            window.makeKeyAndVisible()
            window.layoutIfNeeded()

            tracker.scanNow()            // screen view
            clock.advance(by: 1)
            tracker.scanNow()            // impressions of elements visible for 1 s
            XCTAssertEqual(recorded.events.map(\.name), ["my_profile", "spark_button"])
            window.isHidden = true
        }
    }
}
// Snippet end
