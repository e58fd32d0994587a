import Foundation
import LoopbackCollector
@testable import QuickStart
import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import XCTest

#if !canImport(UIKit)
/// The app launched as UIKit launches it, headlessly: the app delegate creates the tracker, the scene delegate
/// shows the home screen and passes URLs on, a finger taps the tracked button, and everything reaches a
/// collector on 127.0.0.1, the deep links without their tokens and fragments.
// Snippet: testing-a-launch-with-delegates
final class AppLaunchTests: XCTestCase {
    func testLaunchDeepLinksAndATapReachTheCollector() throws {
        let collector = try LoopbackCollector()
        defer { collector.stop() }
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("QuickStart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storage) }
        let endpoint = try XCTUnwrap(TrackingEndpoint(url: collector.url()))
        let launchURL = try XCTUnwrap(URL(string: "quickstart://home?token=abc123"))
        let laterURL = try XCTUnwrap(URL(string: "https://127.0.0.1/offers/7?ref=mail#top"))
        let tapped = MainActor.assumeIsolated { () -> Bool in
            Headless.reset()
            defer { Headless.reset() }   // last: releases the app delegate and its tracker before `storage` goes
            Headless.mainBundleInfo = ["CFBundleShortVersionString": "2.0", "CFBundleVersion": "100"] // the app's Info.plist
            let clock = ManualTrackingClock()
            let appDelegate = TrackerAppDelegate()
            appDelegate.configuration.clock = clock
            appDelegate.configuration.storageDirectory = storage
            appDelegate.delivery = DeliveryConfiguration(writeKey: "quickstart")
            appDelegate.delivery.endpoint = endpoint

            Headless.launch(
                applicationDelegate: appDelegate, sceneDelegate: { DeepLinkSceneDelegate() },
                url: launchURL, sourceApplication: "com.apple.mobilesafari"
            )
            guard let window = (Headless.windowScene.delegate as? DeepLinkSceneDelegate)?.window else { return false }
            Headless.runUpdateCycle()
            // What the run loop would do next on a device: a scan, which records the screen and watches the window's taps.
            appDelegate.tracker?.scanNow()
            // The button's centre, in the window's coordinates; the time from the tracker's clock.
            Headless.tap(at: CGPoint(x: 120, y: 142), in: window, timestamp: clock.now().uptime)
            Headless.open(laterURL, sourceApplication: "com.apple.mobilemail")
            appDelegate.tracker?.flush()
            appDelegate.tracker?.stop()
            return true
        }
        XCTAssertTrue(tapped, "the scene delegate made no window")

        let request = try XCTUnwrap(collector.waitForRequests(count: 1, timeout: 60)?.first, "nothing arrived within 60 s")
        let batch = try XCTUnwrap((request.jsonBody as? [String: Any])?["batch"] as? [[String: Any]])
        XCTAssertEqual(batch.map { "\($0["type"] ?? "") \($0["event"] ?? $0["name"] ?? "-")" }, [
            "track Application Installed",
            "track Deep Link Opened",
            "track Application Opened",
            "screen home",
            "track Element Tapped",
            "track Deep Link Opened",
        ])
        XCTAssertEqual(batch.map { $0["properties"] as? NSDictionary }, [
            ["version": "2.0", "build": "100"],
            ["url": "quickstart://home", "referring_application": "com.apple.mobilesafari"],
            [
                "from_background": false, "version": "2.0", "build": "100",
                "url": "quickstart://home", "referring_application": "com.apple.mobilesafari",
            ],
            ["visible_ratio": 1],
            [
                "element_type": "start_tour_button", "screen_name": "home",
                "tap_x": 120, "tap_y": 142, "tap_element_x": 0.5, "tap_element_y": 0.5,   // where the finger came down
            ],
            ["url": "https://127.0.0.1/offers/7?ref=mail", "referring_application": "com.apple.mobilemail"],
        ])
        XCTAssertNil(String(decoding: request.body, as: UTF8.self).range(of: "abc123"), "the token never leaves the app")
    }
}
// Snippet end
#endif
