import Foundation

/// The seam between the delivery pipeline and a vendor's ingestion API: everything that differs from one
/// backend to another, and nothing else.
///
/// The store, the consent gate, the upload loop, the retries and the crash safety are the same for every
/// destination; a destination only says where requests go (``defaultEndpoint``), how they are
/// authenticated (``authorization(writeKey:)`` or a key in the body), how events and batches are encoded
/// and how large a request may be (``limits``, ``envelope(writeKey:)``, ``message(for:naming:context:writeKey:)``),
/// and what the vendor's answers mean (``outcome(of:batch:now:)``). A new vendor is one new type conforming
/// to this protocol, in one new file, plus its ``DeliveryDestination`` constant.
package protocol WireDestination: Sendable {
    /// A short lowercase name: `segment`, `posthog`, `amplitude`, `mixpanel`.
    var name: String { get }
    /// Where requests go unless the app sets ``DeliveryConfiguration/endpoint``.
    var defaultEndpoint: TrackingEndpoint { get }
    /// The vendor's per-message, per-request and per-batch limits (with a margin).
    var limits: WireLimits { get }
    /// Whether the vendor documents `Content-Encoding: gzip` request bodies.
    var acceptsGzip: Bool { get }
    /// Events older than this (at upload time, on the configuration's clock) are not accepted by the vendor,
    /// so they are dropped before the request, counted by one diagnostic; `nil` when any age is accepted.
    var maximumEventAge: TimeInterval? { get }

    /// The `Authorization` header value, or `nil` when the key travels in the body.
    func authorization(writeKey: String) -> String?
    /// What a batch's messages are wrapped in (written once per configuration).
    func envelope(writeKey: String) -> WireEnvelope
    /// A context's members in this format, computed once per distinct context of a batch and handed to
    /// ``message(for:naming:context:writeKey:)``.
    func contextMembers(_ context: TrackingContext) -> [WireJSONMember]
    /// The event as one message of this format, its ``EncodedWireMessage/messageId`` the event's id
    /// lowercased; `nil` when it cannot be sent (no identity, a timestamp no format can carry, or its kind
    /// lacks what it needs, see ``WireEventContent``).
    func message(for event: TrackingEvent, naming: TrackingWireNaming, context: [WireJSONMember], writeKey: String) -> EncodedWireMessage?
    /// Whether an answer with `status` carries a body the classification needs (read up to 64 KiB).
    func readsResponseBody(status: Int) -> Bool
    /// What to do with `batch` after `response`.
    func outcome(of response: UploadResponse, batch: WireBatch, now: Date) -> UploadOutcome
}

extension WireDestination {
    // MARK: - Internal

    package var maximumEventAge: TimeInterval? { nil }

    package func readsResponseBody(status: Int) -> Bool { false }

    /// The shared classification (``UploadResponseClassifier``): 2xx delivered, 408/429/5xx and transport
    /// errors retried, 413 split, other 4xx rejected.
    package func outcome(of response: UploadResponse, batch: WireBatch, now: Date) -> UploadOutcome {
        UploadResponseClassifier.outcome(of: response, now: now)
    }

    /// Every message of the batch, each encoded once: for tests and benchmarks.
    package func messages(for events: [TrackingEvent], naming: TrackingWireNaming = TrackingWireNaming(), writeKey: String) -> [EncodedWireMessage] {
        events.compactMap { event in
            message(for: event, naming: naming, context: event.context.map(contextMembers) ?? [], writeKey: writeKey)
        }
    }
}
