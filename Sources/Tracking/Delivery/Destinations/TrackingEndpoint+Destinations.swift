import Foundation

// Hosts: https://posthog.com/docs/api/capture (US/EU cloud), https://amplitude.com/docs/apis/analytics/http-v2
// (Regions), https://mintlify.com/mixpanel/docs/data-ingestion/api-ingestion (US/EU/India data residency).
extension TrackingEndpoint {
    // MARK: - Public

    /// PostHog US Cloud's capture batch endpoint: `https://us.i.posthog.com/batch/`.
    public static let postHogUS = TrackingEndpoint(host: "us.i.posthog.com", path: "/batch/")

    /// PostHog EU Cloud's capture batch endpoint: `https://eu.i.posthog.com/batch/`.
    public static let postHogEU = TrackingEndpoint(host: "eu.i.posthog.com", path: "/batch/")

    /// A self-hosted PostHog's capture batch endpoint: `https://<host>/batch/`.
    /// - Parameter host: The instance's host, without scheme or path.
    public static func postHog(host: String) -> TrackingEndpoint {
        TrackingEndpoint(host: host, path: "/batch/")
    }

    /// Amplitude's HTTP V2 endpoint: `https://api2.amplitude.com/2/httpapi`.
    public static let amplitudeUS = TrackingEndpoint(host: "api2.amplitude.com", path: "/2/httpapi")

    /// Amplitude's HTTP V2 endpoint for EU data residency: `https://api.eu.amplitude.com/2/httpapi`.
    public static let amplitudeEU = TrackingEndpoint(host: "api.eu.amplitude.com", path: "/2/httpapi")

    /// Mixpanel's ingestion endpoint: `https://api.mixpanel.com/track`.
    public static let mixpanelUS = TrackingEndpoint(host: "api.mixpanel.com", path: "/track")

    /// Mixpanel's ingestion endpoint for EU data residency: `https://api-eu.mixpanel.com/track`.
    public static let mixpanelEU = TrackingEndpoint(host: "api-eu.mixpanel.com", path: "/track")

    /// Mixpanel's ingestion endpoint for India data residency: `https://api-in.mixpanel.com/track`.
    public static let mixpanelIndia = TrackingEndpoint(host: "api-in.mixpanel.com", path: "/track")
}
