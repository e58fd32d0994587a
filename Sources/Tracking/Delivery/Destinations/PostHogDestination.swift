import Foundation

/// PostHog's capture batch endpoint (`POST /batch/`): the project API key as `api_key` in the body, each
/// event `{"event","distinct_id","timestamp","uuid","properties"}`.
///
/// Screen views are `$screen` with `$screen_name`; identify is `$identify` with `$set` (the traits) and
/// `$anon_distinct_id`; group is `$groupidentify` with `$group_type`, `$group_key`, `$group_set` and
/// `$groups`; alias is `$create_alias` with `alias`. `distinct_id` is the user id once identified, else the
/// anonymous id; `uuid` is the event's id (PostHog drops a repeated one). Every event carries PostHog's own
/// context properties (`$lib` = `sightline`, `$lib_version`, `$app_version`, `$os`, `$device_model`, …) and
/// the session as `$session_id`, a UUIDv7 derived from the session's start and the anonymous id.
/// Sources: docs/design/destinations.md.
package struct PostHogDestination: WireDestination {
    // MARK: - Internal

    /// The `$group_type` of group calls (PostHog's group analytics needs a type; ours has one kind):
    /// https://posthog.com/docs/product-analytics/group-analytics
    package static let groupType = "company"

    package init() {}

    package var name: String { "posthog" }
    package var defaultEndpoint: TrackingEndpoint { .postHogUS }
    /// PostHog accepts far larger requests and events; Segment's limits keep requests small enough for a
    /// background task on a cellular network. PostHog's own pages (https://posthog.com/docs/api/capture,
    /// https://posthog.com/docs/data/ingestion-warnings) state no number for `/batch/`; the 20 MB request
    /// and 1 MB event figures are only third-party (e.g. github.com/kamranayub/dotposthog's README).
    package var limits: WireLimits { WireLimits() }
    package var acceptsGzip: Bool { false }

    package func authorization(writeKey: String) -> String? { nil }

    /// `{"api_key":…,"batch":[…]}`: https://posthog.com/docs/api/capture (Batch events),
    /// https://posthog.com/tutorials/api-capture-events (Batching events).
    package func envelope(writeKey: String) -> WireEnvelope {
        .object([WireJSONMember("api_key", .string(writeKey))], arrayKey: "batch")
    }

    /// posthog-ios's property names: https://posthog.com/docs/libraries/ios
    /// (https://github.com/PostHog/posthog-ios, `PostHogContext.swift`).
    package func contextMembers(_ context: TrackingContext) -> [WireJSONMember] {
        [
            WireJSONMember("$lib", .string("sightline")),
            WireJSONMember("$lib_version", .string(context.library.version)),
            WireJSONMember("$app_name", .string(context.app.name)),
            WireJSONMember("$app_version", .string(context.app.version)),
            WireJSONMember("$app_build", .string(context.app.build)),
            WireJSONMember("$app_namespace", .string(context.app.namespace)),
            WireJSONMember("$device_manufacturer", .string(context.device.manufacturer)),
            WireJSONMember("$device_model", .string(context.device.model)),
            WireJSONMember("$device_name", .string(context.device.name)),
            WireJSONMember("$device_type", .string("Mobile")),
            WireJSONMember("$os", .string(context.os.name)),
            WireJSONMember("$os_version", .string(context.os.version)),
            WireJSONMember("$screen_width", .double(context.screen.width)),
            WireJSONMember("$screen_height", .double(context.screen.height)),
            WireJSONMember("$locale", .string(context.locale)),
            WireJSONMember("$timezone", .string(context.timezone)),
        ]
    }

    package func message(for event: TrackingEvent, naming: TrackingWireNaming, context: [WireJSONMember], writeKey: String) -> EncodedWireMessage? {
        guard let identity = event.identity, WireTimestamp.isRepresentable(event.timestamp),
              let content = WireEventContent(event: event, naming: naming) else { return nil }
        let anonymousID = identity.anonymousID.uuidString.lowercased()
        let messageId = event.id.uuidString.lowercased()
        let distinctID = identity.userID ?? anonymousID
        var writer = WireJSONWriter(reservingCapacity: 512)
        writer.writeRaw("{")
        writer.writeKey("event", first: true)
        // Event names, `distinct_id`, `timestamp` (ISO 8601) and `uuid`: https://posthog.com/docs/api/capture;
        // `$identify`/`$set`/`$anon_distinct_id`, `$groupidentify`, `$create_alias`:
        // https://posthog.com/docs/api/post-only-endpoints; `$screen`: https://posthog.com/docs/libraries/ios/usage.
        switch content.kind {
        case .track: writer.write(content.name ?? "")
        case .screen: writer.write("$screen")
        case .identify: writer.write("$identify")
        case .group: writer.write("$groupidentify")
        case .alias: writer.write("$create_alias")
        }
        writer.writeKey("distinct_id")
        writer.write(distinctID)
        writer.writeKey("timestamp")
        WireTimestamp.write(event.timestamp, into: &writer)
        writer.writeKey("uuid")
        writer.write(messageId)
        writer.writeKey("properties")
        writer.writeRaw("{")
        var isFirst = true
        switch content.kind {
        case .track:
            writer.writeMembers(content.properties, isFirst: &isFirst)
        case .screen:
            writer.writeMember("$screen_name", .string(content.name ?? ""), isFirst: &isFirst)
            writer.writeMembers(content.properties, isFirst: &isFirst)
        case .identify:
            writer.writeMember("$set", .object(content.properties), isFirst: &isFirst)
            if identity.userID != nil {
                writer.writeMember("$anon_distinct_id", .string(anonymousID), isFirst: &isFirst)
            }
        case .group:
            let key = event.groupID ?? ""
            writer.writeMember("$group_type", .string(Self.groupType), isFirst: &isFirst)
            writer.writeMember("$group_key", .string(key), isFirst: &isFirst)
            writer.writeMember("$group_set", .object(content.properties), isFirst: &isFirst)
            writer.writeMember("$groups", .object([WireJSONMember(Self.groupType, .string(key))]), isFirst: &isFirst)
        case .alias:
            writer.writeMember("alias", .string(event.previousID ?? ""), isFirst: &isFirst)
        }
        writer.writeMembers(context, isFirst: &isFirst)
        if let session = event.session {
            writer.writeMember("$session_id", .string(Self.sessionUUID(session: session, anonymousID: identity.anonymousID)), isFirst: &isFirst)
        }
        writer.writeRaw("}}")
        return EncodedWireMessage(messageId: messageId, bytes: writer.bytes)
    }

    /// A UUIDv7 for a session: its start (seconds, as milliseconds) in the time field, so PostHog orders
    /// sessions by it, and the anonymous id's bytes in the random fields, so two devices whose sessions
    /// start in the same second get different ids; the same session always gets the same id.
    package static func sessionUUID(session: TrackingSession, anonymousID: UUID) -> String {
        let milliseconds = UInt64(clamping: max(0, session.id)) &* 1000
        var bytes = withUnsafeBytes(of: anonymousID.uuid) { Array($0) }
        for index in 0..<6 {
            bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * UInt64(index)))
        }
        bytes[6] = 0x70 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        let uuid = bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }
        return UUID(uuid: uuid).uuidString.lowercased()
    }
}
