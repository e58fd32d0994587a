import Foundation
import Tracking

/// The README's lifecycle and deep-link set-up, compiled as written (it names a real backend, so tests never
/// run it).
enum LifecycleSetup {
    /// A tracker with lifecycle events, told of a URL the app was asked to open.
    /// - Parameters:
    ///   - url: The URL (`UIOpenURLContext.url`).
    ///   - sourceApplication: The app that asked (`UIOpenURLContext.options.sourceApplication`).
    @MainActor
    static func tracker(openingURL url: URL, from sourceApplication: String?) -> Tracker {
        // Snippet: lifecycle-and-deep-links
        var configuration = TrackingConfiguration()
        configuration.tracksApplicationLifecycleEvents = true       // the default; false observes nothing
        configuration.deepLinkQueryPolicy = .removing(DeepLinkQueryPolicy.defaultRemovedNames.union(["email"]))
        // or keep only what analytics needs: .keepingOnly(["utm_source", "utm_campaign", "item"])
        let tracker = Tracker(writeKey: "YOUR_WRITE_KEY", configuration: configuration)  // in didFinishLaunching

        // In scene(_:openURLContexts:), for each context (and in scene(_:willConnectTo:options:) for each of
        // connectionOptions.urlContexts): url = context.url, sourceApplication = context.options.sourceApplication.
        tracker.openURL(url, referringApplication: sourceApplication)
        // In SwiftUI: .onOpenURL { url in tracker.openURL(url) }
        // Snippet end
        return tracker
    }

    /// `configuration` with the article's deep-link path templates.
    /// - Parameter configuration: The configuration to change.
    static func withPathTemplates(_ configuration: TrackingConfiguration) -> TrackingConfiguration {
        var configuration = configuration
        // Snippet: deep-link-path-policy
        configuration.deepLinkPathPolicy = .redactingSecrets(
            secretTemplates: ["/reset-password/:token", "/invite/:code"],   // removed however short
            keptTemplates: ["/builds/:sha"]                                 // kept however long
        )
        // or keep nothing but your routes: .keepingOnly(["/products/:id/reviews", "/posts/:slug"])
        // Snippet end
        return configuration
    }
}
