import Foundation

/// The backend a ``DeliverySink`` speaks to: Segment's batch format (the default), or PostHog's,
/// Amplitude's or Mixpanel's own ingestion API, with the same store, consent, retries and crash safety.
///
/// ```swift
/// var configuration = DeliveryConfiguration(writeKey: "phc_YOUR_PROJECT_API_KEY")
/// configuration.destination = .postHog
/// configuration.endpoint = .postHogEU      // optional: each destination has a default endpoint
/// ```
///
/// The write key is the vendor's project key: Segment's write key, PostHog's project API key, Amplitude's
/// API key, Mixpanel's project token. Events are stored in one neutral format and encoded for the
/// destination when they are uploaded, so events queued before a change of destination go to the new
/// one. See <doc:Destinations> for each vendor's setup and how events map.
public struct DeliveryDestination: Hashable, Sendable, CustomStringConvertible {
    // MARK: - Public

    /// Segment's HTTP Tracking API batch method (`POST /v1/batch`), also served by RudderStack, Jitsu and
    /// most self-hosted collectors. Default endpoint ``TrackingEndpoint/segmentUS``.
    public static let segment = DeliveryDestination(SegmentDestination())

    /// PostHog's capture batch endpoint (`POST /batch/`). Default endpoint ``TrackingEndpoint/postHogUS``.
    public static let postHog = DeliveryDestination(PostHogDestination())

    /// Amplitude's HTTP V2 API (`POST /2/httpapi`). Default endpoint ``TrackingEndpoint/amplitudeUS``.
    public static let amplitude = DeliveryDestination(AmplitudeDestination())

    /// Mixpanel's client ingestion endpoint (`POST /track`). Default endpoint ``TrackingEndpoint/mixpanelUS``.
    public static let mixpanel = DeliveryDestination(MixpanelDestination())

    /// Every destination, Segment first.
    public static let all: [DeliveryDestination] = [.segment, .postHog, .amplitude, .mixpanel]

    /// A short lowercase name: `segment`, `posthog`, `amplitude` or `mixpanel`.
    public var name: String { wire.name }

    /// Where requests go unless ``DeliveryConfiguration/endpoint`` is set.
    public var defaultEndpoint: TrackingEndpoint { wire.defaultEndpoint }

    /// The destination named `name` (as ``name`` spells it, in any case), or `nil`.
    /// - Parameter name: `segment`, `posthog`, `amplitude` or `mixpanel`.
    public init?(name: String) {
        guard let destination = Self.all.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = destination
    }

    /// The destination's ``name``.
    public var description: String { name }

    /// Whether both are the same backend (the same ``name``).
    public static func == (lhs: DeliveryDestination, rhs: DeliveryDestination) -> Bool {
        lhs.name == rhs.name
    }

    /// Hashes the ``name``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    // MARK: - Internal

    /// The format, endpoint, limits and answers of the vendor's API.
    package let wire: any WireDestination

    package init(_ wire: some WireDestination) {
        self.wire = wire
    }
}
