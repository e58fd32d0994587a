#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// Deep links: the URLs the app is asked to open, recorded as Segment's `Deep Link Opened`.
///
/// UIKit hands a URL to the scene delegate (or to SwiftUI's `onOpenURL`), not to a library; pass it on
/// there, no app delegate or swizzling involved:
///
/// ```swift
/// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
///     for context in contexts {
///         tracker.openURL(context.url, referringApplication: context.options.sourceApplication)
///     }
/// }
/// ```
///
/// and, for a URL that launched the app, from `scene(_:willConnectTo:options:)` with
/// `connectionOptions.urlContexts`; a universal link comes as `scene(_:continue:)` with the activity's
/// `webpageURL`. In SwiftUI: `.onOpenURL { url in tracker.openURL(url) }`.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
extension Tracker {
    // MARK: - Public

    /// Records that the app was asked to open `url` (Segment's `analytics.openURL(_:options:)`): a
    /// `Deep Link Opened` ``TrackingEventKind/track`` event with `url` and `referring_application`, delivered
    /// to the sinks as any explicit call is: before returning when no other thread is delivering, else right
    /// after, in call order, by the delivering thread (see ``Tracker/track(_:properties:)-(_,TrackingProperties)``).
    /// Callable from any thread.
    ///
    /// The URL is recorded without its user and password, its fragment and the query parameters that
    /// ``TrackingConfiguration/deepLinkQueryPolicy`` leaves out (see ``DeepLinkQueryPolicy``); it is rebuilt
    /// from its parts with `URLComponents`. Any scheme is a deep link (`https://127.0.0.1/item/42`,
    /// `myapp://item/42`) but `file`; an HTTP(S) URL needs a host; a URL over 16 KB (16,384 UTF-8 bytes) is not read. A URL that is
    /// none of these is reported with a ``TrackingDiagnostic/Code/invalidDeepLink`` diagnostic (which never
    /// quotes it) and records nothing.
    ///
    /// While the app is opening (the URL launched it, or brought it back from the background), the
    /// `Application Opened` event that follows carries the same `url` and `referring_application`
    /// (see ``TrackingConfiguration/tracksApplicationLifecycleEvents``).
    /// - Parameters:
    ///   - url: The URL the app was asked to open.
    ///   - referringApplication: The bundle identifier of the app that asked
    ///     (`UIOpenURLContext.options.sourceApplication`), when known.
    public nonisolated func openURL(_ url: URL, referringApplication: String? = nil) {
        recordDeepLink(DeepLinkURL.cleaned(url, policy: configuration.deepLinkQueryPolicy), referringApplication)
    }

    /// Records that the app was asked to open the URL in `string` (from a push notification's payload, say):
    /// as ``openURL(_:referringApplication:)-(URL,_)``, and an empty or malformed string is reported with a
    /// ``TrackingDiagnostic/Code/invalidDeepLink`` diagnostic. Callable from any thread.
    /// - Parameters:
    ///   - string: The URL, as a string.
    ///   - referringApplication: The bundle identifier of the app that asked, when known.
    public nonisolated func openURL(_ string: String, referringApplication: String? = nil) {
        recordDeepLink(DeepLinkURL.cleaned(string, policy: configuration.deepLinkQueryPolicy), referringApplication)
    }

    // MARK: - Private

    private nonisolated func recordDeepLink(_ cleaned: Result<DeepLinkURL, DeepLinkURL.Problem>, _ referringApplication: String?) {
        switch cleaned {
        case .failure(let problem):
            report(TrackingDiagnostic(code: .invalidDeepLink, message: "Deep Link Opened not recorded: \(problem)"))
        case .success(let link):
            var properties: TrackingProperties = ["url": .string(link.string)]
            if let referringApplication { properties["referring_application"] = .string(referringApplication) }
            track(.deepLinkOpened, properties: properties)
            lifecycle?.noteDeepLink(url: link.string, referringApplication: referringApplication)
        }
    }
}
