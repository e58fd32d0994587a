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
    /// The URL is recorded without its user and password, its fragment, the query parameters that
    /// ``TrackingConfiguration/deepLinkQueryPolicy`` leaves out (see ``DeepLinkQueryPolicy``) and the path
    /// segments that ``TrackingConfiguration/deepLinkPathPolicy`` removes (secret-looking ones by default, each
    /// replaced by `:redacted`; see ``DeepLinkPathPolicy``); it is rebuilt
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
    ///     (`UIOpenURLContext.options.sourceApplication`), when known; a URL here (a web referrer) is cleaned
    ///     as `url` is.
    public nonisolated func openURL(_ url: URL, referringApplication: String? = nil) {
        recordDeepLink(DeepLinkURL.cleaned(url, policy: configuration.deepLinkQueryPolicy, pathPolicy: configuration.deepLinkPathPolicy), referringApplication)
    }

    /// Records that the app was asked to open the URL in `string` (from a push notification's payload, say):
    /// as ``openURL(_:referringApplication:)-(URL,_)``, and an empty or malformed string is reported with a
    /// ``TrackingDiagnostic/Code/invalidDeepLink`` diagnostic. Callable from any thread.
    /// - Parameters:
    ///   - string: The URL, as a string.
    ///   - referringApplication: The bundle identifier of the app that asked, when known.
    public nonisolated func openURL(_ string: String, referringApplication: String? = nil) {
        recordDeepLink(DeepLinkURL.cleaned(string, policy: configuration.deepLinkQueryPolicy, pathPolicy: configuration.deepLinkPathPolicy), referringApplication)
    }

    // MARK: - Private

    private nonisolated func recordDeepLink(_ cleaned: Result<DeepLinkURL, DeepLinkURL.Problem>, _ referringApplication: String?) {
        switch cleaned {
        case .failure(let problem):
            report(TrackingDiagnostic(code: .invalidDeepLink, message: "Deep Link Opened not recorded: \(problem)"))
        case .success(let link):
            let referrer = referringApplication.flatMap(cleanedReferrer)
            var properties: TrackingProperties = ["url": .string(link.string)]
            if let referrer { properties["referring_application"] = .string(referrer) }
            track(.deepLinkOpened, properties: properties)
            lifecycle?.noteDeepLink(url: link.string, referringApplication: referrer)
        }
    }

    /// A referrer as recorded: a bundle identifier as it is, a URL (a web page's, `://` in it) cleaned as the
    /// link itself is, or `nil` (with a diagnostic) when that URL is not one to record.
    private nonisolated func cleanedReferrer(_ referrer: String) -> String? {
        guard referrer.contains("://") else { return referrer }
        switch DeepLinkURL.cleaned(referrer, policy: configuration.deepLinkQueryPolicy, pathPolicy: configuration.deepLinkPathPolicy) {
        case .success(let link):
            return link.string
        case .failure(let problem):
            report(TrackingDiagnostic(code: .invalidDeepLink, message: "referring_application not recorded: \(problem)"))
            return nil
        }
    }
}
