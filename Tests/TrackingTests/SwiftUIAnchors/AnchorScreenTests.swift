import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 42: a SwiftUI screen reaches its elements through the environment. Its anchor is a sibling of
/// theirs, not an ancestor, so each element anchor carries the screen it was given, and the scanner
/// attributes it to that screen, while a UIKit screen is visible elsewhere and keeps its own elements.
final class AnchorScreenTests: HeadlessTestCase {
    func testAnElementGivenASwiftUIScreenThroughTheEnvironmentBelongsToItBesideAUIKitScreen() {
        MainActor.assumeIsolated {
            // A UIKit screen with a banner, containing a hosting controller (no screen of its own) whose
            // SwiftUI content is the "settings" screen.
            let home = AnchorFixture.hostingController(screen: "home")
            let fixture = AnchorFixture(root: home)
            let banner = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
            banner.trackingElement = TrackingElement(elementType: "banner")
            home.view.addSubview(banner)
            let host = UIViewController()
            home.addChild(host)
            host.view.frame = CGRect(x: 0, y: 100, width: 400, height: 700)
            home.view.addSubview(host.view)
            host.didMove(toParent: home)

            let settings = TrackingScreen(screenName: "settings")
            // Anchors in SwiftUI's order: the screen's own (its body's background), then its rows'.
            AnchorFixture.screenAnchor(settings, frame: host.view.bounds, in: host.view)
            AnchorFixture.elementAnchor("toggle", frame: CGRect(x: 0, y: 0, width: 400, height: 60), in: host.view, environmentScreen: settings)
            AnchorFixture.elementAnchor("about_row", frame: CGRect(x: 0, y: 60, width: 400, height: 60), in: host.view, environmentScreen: settings)
            // A SwiftUI view outside any `.trackingScreen`: no environment screen, so the nearest UIKit screen.
            AnchorFixture.elementAnchor("help_link", frame: CGRect(x: 0, y: 600, width: 400, height: 60), in: host.view)

            XCTAssertEqual(fixture.scan(), ["screen_view home 1.0", "screen_view settings 1.0"])
            XCTAssertEqual(fixture.scan(after: 1), [
                "impression banner @home 1.0", "impression toggle @settings 1.0",
                "impression about_row @settings 1.0", "impression help_link @home 1.0",
            ])
            let report = fixture.tracker.visibilityReport()
            let toggle = report.entries.first { $0.subject == .element(TrackingElement(elementType: "toggle")) }
            XCTAssertEqual(toggle?.screen, settings)
            let screen = report.entries.first { $0.subject == .screen(settings) }
            XCTAssertEqual(screen?.verdict, .visible)

            // The SwiftUI screen goes (its view left the hierarchy) and its span ends; home stays in its span.
            host.willMove(toParent: nil)
            host.view.removeFromSuperview()
            host.removeFromParent()
            XCTAssertEqual(fixture.scan(after: 1), ["screen_ended settings 1.0 2000ms"])
            XCTAssertEqual(
                fixture.sink.events.map(\.kind),
                [.screenView, .screenView, .impression, .impression, .impression, .impression, .screenEnded]
            )
        }
    }

    func testAHostingControllerWithATrackingScreenIsAUIKitScreenForElementsOutsideASwiftUIScreen() {
        MainActor.assumeIsolated {
            let host = AnchorFixture.hostingController(screen: "account")
            let fixture = AnchorFixture(root: host)
            let security = TrackingScreen(screenName: "security", identifier: "user-1")
            // The lower half of the hosting view is a SwiftUI screen of its own.
            AnchorFixture.elementAnchor("avatar", frame: CGRect(x: 0, y: 0, width: 400, height: 400), in: host.view)
            AnchorFixture.screenAnchor(security, frame: CGRect(x: 0, y: 400, width: 400, height: 400), in: host.view)
            AnchorFixture.elementAnchor(
                "two_factor", frame: CGRect(x: 0, y: 400, width: 400, height: 100), in: host.view, environmentScreen: security
            )
            XCTAssertEqual(fixture.scan(), ["screen_view account 1.0", "screen_view security#user-1 1.0"])
            XCTAssertEqual(fixture.scan(after: 1), ["impression avatar @account 1.0", "impression two_factor @security 1.0"])
        }
    }

    func testAScreenAnchorIsMeasuredByTheScreenRuleAndItsElementsKeepItAsContextBelowTheThreshold() {
        MainActor.assumeIsolated {
            let host = AnchorFixture.hostingController()
            let fixture = AnchorFixture(root: host)
            let scrollView = UIScrollView(frame: host.view.bounds)
            scrollView.clipsToBounds = true
            host.view.addSubview(scrollView)
            // A SwiftUI screen whose body is a tall scroll view's content: 800 of 2,000 points on screen.
            let feed = TrackingScreen(screenName: "swiftui_feed")
            AnchorFixture.screenAnchor(feed, frame: CGRect(x: 0, y: 0, width: 400, height: 2000), in: scrollView)
            AnchorFixture.elementAnchor("post", "1", frame: CGRect(x: 0, y: 0, width: 400, height: 200), in: scrollView, environmentScreen: feed)
            XCTAssertEqual(fixture.scan(), [], "40 % of the screen is not a screen view")
            XCTAssertEqual(fixture.scan(after: 1), ["impression post#1 @swiftui_feed 1.0"], "its element keeps it as context")
            XCTAssertEqual(fixture.verdict(of: .screen(feed)), .belowThreshold)

            // An element whose environment names a screen no anchor stands for: still its context.
            let orphan = TrackingScreen(screenName: "detached")
            AnchorFixture.elementAnchor("note", frame: CGRect(x: 0, y: 200, width: 400, height: 200), in: scrollView, environmentScreen: orphan)
            XCTAssertEqual(fixture.scan(after: 0.25), [])
            XCTAssertEqual(fixture.scan(after: 1), ["impression note @detached 1.0"])
        }
    }

    func testTheVisibilityReportExplainsAScreenAnchorTheScanDidNotReachAndGivesItsElementsTheirScreen() {
        MainActor.assumeIsolated {
            let host = AnchorFixture.hostingController(screen: "account")
            let fixture = AnchorFixture(root: host)
            let security = TrackingScreen(screenName: "security")
            // A hosting view inside the UIKit screen, hidden by the app: the scan prunes it, the report explains.
            let hostingView = UIView(frame: host.view.bounds)
            host.view.addSubview(hostingView)
            AnchorFixture.screenAnchor(security, frame: hostingView.bounds, in: hostingView)
            AnchorFixture.elementAnchor(
                "two_factor", frame: CGRect(x: 0, y: 0, width: 400, height: 100), in: hostingView, environmentScreen: security
            )
            hostingView.isHidden = true
            let entries = fixture.tracker.visibilityReport().entries
            let screen = entries.first { $0.subject == .screen(security) }
            XCTAssertEqual(screen?.verdict, .hidden)
            XCTAssertEqual(screen?.screen, TrackingScreen(screenName: "account"), "the screen around it")
            let element = entries.first { $0.subject == .element(TrackingElement(elementType: "two_factor")) }
            XCTAssertEqual(element?.verdict, .hidden)
            XCTAssertEqual(element?.screen, security)
        }
    }
}
