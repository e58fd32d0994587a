#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import Tracking

/// The composition root: builds the dependencies, the tracker, the window and the app flow, once.
///
/// In an iOS app the scene delegate would own it:
///
/// ```swift
/// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
///     guard let windowScene = scene as? UIWindowScene else { return }
///     app = SampleApp(windowScene: windowScene, sinks: [LoggingTrackingSink()])
///     app?.launch()
/// }
/// ```
@MainActor
public final class SampleApp {
    // MARK: - Public

    /// The tracker every screen and element of the app reports to.
    public let tracker: Tracker
    /// The tracker's clock, for timing the app itself on the same time line.
    public let clock: any TrackingClock
    /// The app's only window.
    public let window: UIWindow
    /// The window's root flow.
    public let appFlow: AppFlowController
    /// What the flows were given.
    public let dependencies: AppDependencies

    /// Builds the app, signed out, without showing it.
    /// - Parameters:
    ///   - windowScene: The scene the window belongs to.
    ///   - trackingConfiguration: Thresholds, scan rate and clock of the tracker.
    ///   - sinks: Where tracking events go.
    public init(
        windowScene: UIWindowScene,
        trackingConfiguration: TrackingConfiguration = TrackingConfiguration(),
        sinks: [any TrackingSink]
    ) {
        tracker = Tracker(configuration: trackingConfiguration, sinks: sinks + [screenEnds])
        clock = trackingConfiguration.clock
        dependencies = AppDependencies(accounts: AccountService(), posts: PostRepository(count: 20), analytics: tracker)
        window = UIWindow(windowScene: windowScene)
        appFlow = AppFlowController(dependencies: dependencies)
    }

    /// Shows the window with the app flow and starts tracking.
    public func launch() {
        window.rootViewController = appFlow
        window.makeKeyAndVisible()
        tracker.start()
    }

    /// Opens a URL another app handed over: what the scene delegate does in
    /// `scene(_:openURLContexts:)` with each context's `url` and `options.sourceApplication`. The tracker
    /// records `Deep Link Opened`.
    /// - Parameters:
    ///   - url: The URL to open.
    ///   - referringApplication: The bundle identifier of the app that asked.
    public func open(_ url: URL, referringApplication: String?) {
        tracker.openURL(url, referringApplication: referringApplication)
    }
    // MARK: - Internal

    /// Every `Screen Ended` the tracker delivered, for the session's screen-time comparison.
    let screenEnds = ScreenEndedLog()
}
