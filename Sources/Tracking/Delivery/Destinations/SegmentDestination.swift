import Foundation

/// Segment's HTTP Tracking API batch method (`POST /v1/batch`), which RudderStack, Jitsu and most
/// self-hosted collectors also serve: Basic auth with the write key, `{"batch":[…],"sentAt":…}`.
/// https://segment.com/docs/connections/sources/catalog/libraries/server/http-api/ (Batch; limits 32 KB per
/// call, 500 KB per batch request).
package struct SegmentDestination: WireDestination {
    // MARK: - Internal

    package init() {}

    package var name: String { "segment" }
    package var defaultEndpoint: TrackingEndpoint { .segmentUS }
    package var limits: WireLimits { WireLimits() }
    package var acceptsGzip: Bool { true }

    package func authorization(writeKey: String) -> String? {
        "Basic " + Data("\(writeKey):".utf8).base64EncodedString()
    }

    package func envelope(writeKey: String) -> WireEnvelope { .segment }

    package func contextMembers(_ context: TrackingContext) -> [WireJSONMember] {
        [WireJSONMember](context)
    }

    package func message(for event: TrackingEvent, naming: TrackingWireNaming, context: [WireJSONMember], writeKey: String) -> EncodedWireMessage? {
        WireMessage(event: event, naming: naming, context: context)?.encoded()
    }
}
