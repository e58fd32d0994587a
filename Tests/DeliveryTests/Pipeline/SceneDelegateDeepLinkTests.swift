#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import LoopbackCollector
import TestSupport
@testable import Tracking
import XCTest

/// A scene delegate written as the Tracker's documentation says (URL contexts passed to `openURL`), run by
/// `Headless.launch(applicationDelegate:sceneDelegate:url:sourceApplication:)` and `Headless.open(_:sourceApplication:)`:
/// the launch URL and a later one arrive at a collector as `Deep Link Opened` without credentials, fragment or
/// token, each riding on the `Application Opened` it caused.
final class SceneDelegateDeepLinkTests: HeadlessTestCase {
    func testTheSceneDelegatesURLContextsReachTheCollectorScrubbed() throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        let launchURL = try XCTUnwrap(URL(string: "myapp://welcome?code=1234&campaign=spring"))
        let laterURL = try XCTUnwrap(URL(string: "https://anna:pw@127.0.0.1/item/42?ref=mail&access_token=t0k#top"))
        MainActor.assumeIsolated {
            let appDelegate = Self.launchThenBackground(fixture: fixture, sink: sink, url: launchURL)
            Headless.open(laterURL, sourceApplication: "com.apple.mobilemail")
            appDelegate.tracker?.flush()
            appDelegate.tracker = nil
        }
        let messages = try XCTUnwrap(fixture.waitForRequests(1).first).messages
        XCTAssertEqual(messages.map { $0["event"] as? String }, [
            "Application Installed", "Deep Link Opened", "Application Opened",
            "Application Backgrounded", "Deep Link Opened", "Application Opened",
        ])
        guard messages.count == 6 else { return XCTFail("the collector got \(messages.count) message(s), not 6") }
        let properties = messages.map { $0["properties"] as? [String: Any] ?? [:] }
        XCTAssertEqual(properties[1] as NSDictionary, ["url": "myapp://welcome?campaign=spring", "referring_application": "com.apple.mobilesafari"])
        XCTAssertEqual(properties[2]["url"] as? String, "myapp://welcome?campaign=spring")
        XCTAssertEqual(properties[2]["from_background"] as? Bool, false)
        XCTAssertEqual(properties[4] as NSDictionary, ["url": "https://127.0.0.1/item/42?ref=mail", "referring_application": "com.apple.mobilemail"])
        XCTAssertEqual(properties[5]["url"] as? String, "https://127.0.0.1/item/42?ref=mail")
        XCTAssertEqual(properties[5]["from_background"] as? Bool, true)
        let body = String(decoding: try JSONSerialization.data(withJSONObject: messages), as: UTF8.self)
        for secret in ["anna", "pw@", "t0k", "1234", "#top"] {
            XCTAssertFalse(body.contains(secret), "\(secret) reached the collector")
        }
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }

    /// Acceptance 63: the path's secrets (a magic link's JWT, a 40-hex reset token, a base64url verification
    /// token, a `;session=` matrix parameter) reach neither an event nor the collector's body, through the
    /// launch URL, later URLs and a web referrer; ids, slugs and a harmless query parameter stay, and each path
    /// keeps its shape.
    func test63_pathSecretsReachNoEventAndNotTheCollector() throws {
        let fixture = try PipelineFixture()
        let sink = fixture.sink()
        let jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1LTQyIiwiZXhwIjoxOTAwMDAwMDAwfQ.c2lnbmF0dXJlLW9mLXRoZS1saW5r"
        let resetToken = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"
        let verificationToken = "Xk3v9QpL_r2TzW8yBn-5HdJc7MfA0sEu"
        let session = "s3ss10n-T0k3n"
        let launchURL = try XCTUnwrap(URL(string: "https://127.0.0.1/auth/magic/\(jwt)?utm_source=mail"))
        let resetURL = try XCTUnwrap(URL(string: "https://127.0.0.1/reset-password/\(resetToken)"))
        let verifyURL = try XCTUnwrap(URL(string: "myapp://verify/\(verificationToken)"))
        MainActor.assumeIsolated {
            let appDelegate = Self.launchThenBackground(fixture: fixture, sink: sink, url: launchURL)
            Headless.open(resetURL, sourceApplication: "com.apple.mobilemail")
            Headless.open(verifyURL)
            let tracker = appDelegate.tracker
            tracker?.openURL("https://127.0.0.1/items;session=\(session);color=red/list", referringApplication: "https://127.0.0.1/verify/\(verificationToken)")
            tracker?.openURL("https://127.0.0.1/products/42/reviews?tab=recent")
            tracker?.openURL("myapp://posts/post-17")
            tracker?.flush()
            appDelegate.tracker = nil
        }
        let request = try XCTUnwrap(fixture.waitForRequests(1).first)
        let messages = request.messages
        XCTAssertEqual(messages.map { $0["event"] as? String }, [
            "Application Installed", "Deep Link Opened", "Application Opened",
            "Application Backgrounded", "Deep Link Opened", "Application Opened", "Deep Link Opened",
            "Deep Link Opened", "Deep Link Opened", "Deep Link Opened",
        ])
        guard messages.count == 10 else { return XCTFail("the collector got \(messages.count) message(s), not 10") }
        let properties = messages.map { $0["properties"] as? [String: Any] ?? [:] }
        XCTAssertEqual(properties[1] as NSDictionary, [
            "url": "https://127.0.0.1/auth/magic/:redacted?utm_source=mail", "referring_application": "com.apple.mobilesafari",
        ])
        XCTAssertEqual(properties[2]["url"] as? String, "https://127.0.0.1/auth/magic/:redacted?utm_source=mail")
        XCTAssertEqual(properties[4] as NSDictionary, ["url": "https://127.0.0.1/reset-password/:redacted", "referring_application": "com.apple.mobilemail"])
        XCTAssertEqual(properties[5]["url"] as? String, "https://127.0.0.1/reset-password/:redacted")
        XCTAssertEqual(properties[6] as NSDictionary, ["url": "myapp://verify/:redacted"])
        XCTAssertEqual(properties[7] as NSDictionary, [
            "url": "https://127.0.0.1/items;color=red/list", "referring_application": "https://127.0.0.1/verify/:redacted",
        ])
        XCTAssertEqual(properties[8] as NSDictionary, ["url": "https://127.0.0.1/products/42/reviews?tab=recent"])
        XCTAssertEqual(properties[9] as NSDictionary, ["url": "myapp://posts/post-17"])
        // The body as received (decompressed), not only as parsed: no secret in any field.
        let body = String(decoding: request.body, as: UTF8.self)
        for secret in [jwt, "eyJ", resetToken, verificationToken, session] {
            XCTAssertFalse(body.contains(secret), "\(secret) reached the collector")
        }
        XCTAssertEqual(fixture.diagnostics.codes, [])
    }

    // MARK: - Helpers

    /// Launches the app (lifecycle events on) with `url`, from Safari, through the documented delegates, then
    /// moves it to the background.
    @MainActor
    private static func launchThenBackground(fixture: PipelineFixture, sink: DeliverySink, url: URL) -> DeepLinkAppDelegate {
        var configuration = fixture.trackerConfiguration()
        configuration.tracksApplicationLifecycleEvents = true
        let appDelegate = DeepLinkAppDelegate {
            Tracker(configuration: configuration, sinks: [sink], runLoop: .main, notificationCenter: .default, gatherContext: { .sample })
        }
        Headless.launch(
            applicationDelegate: appDelegate, sceneDelegate: { DeepLinkSceneDelegate() },
            url: url, sourceApplication: "com.apple.mobilesafari"
        )
        Headless.enterBackground()
        return appDelegate
    }
}

/// An app delegate that creates the tracker at launch, as the README says.
private final class DeepLinkAppDelegate: UIResponder, UIApplicationDelegate {
    var tracker: Tracker?
    private let makeTracker: () -> Tracker

    init(makeTracker: @escaping () -> Tracker) {
        self.makeTracker = makeTracker
        super.init()
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        tracker = makeTracker()
        return true
    }
}

/// A scene delegate that passes every URL it is asked to open to the app's tracker: the launch URL from the
/// connection options, later ones from `scene(_:openURLContexts:)`.
private final class DeepLinkSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        self.scene(scene, openURLContexts: connectionOptions.urlContexts)
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        let tracker = (UIApplication.shared.delegate as? DeepLinkAppDelegate)?.tracker
        for context in URLContexts {
            tracker?.openURL(context.url, referringApplication: context.options.sourceApplication)
        }
    }
}
