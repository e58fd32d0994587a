import Tracking

/// The destination set-ups of the Destinations article, compiled as written (they name real backends, so
/// tests never run them).
enum DestinationSetup {
    /// PostHog EU Cloud, Amplitude and Mixpanel EU: one line each on top of the usual configuration.
    @MainActor
    static func vendors() -> [Tracker] {
        // Snippet: destinations
        var postHog = DeliveryConfiguration(writeKey: "phc_YOUR_PROJECT_API_KEY")
        postHog.destination = .postHog
        postHog.endpoint = .postHogEU                    // default .postHogUS; .postHog(host:) when self-hosted

        var amplitude = DeliveryConfiguration(writeKey: "YOUR_AMPLITUDE_API_KEY")
        amplitude.destination = .amplitude              // endpoint .amplitudeUS, or .amplitudeEU

        var mixpanel = DeliveryConfiguration(writeKey: "YOUR_MIXPANEL_PROJECT_TOKEN")
        mixpanel.destination = .mixpanel
        mixpanel.endpoint = .mixpanelEU                  // default .mixpanelUS; .mixpanelIndia too

        let tracker = Tracker(delivery: postHog)        // one destination per tracker
        // Snippet end
        return [tracker, Tracker(delivery: amplitude), Tracker(delivery: mixpanel)]
    }
}
