import Foundation

/// Mixpanel's client ingestion endpoint (`POST /track`): a JSON array of `{"event","properties"}`, the
/// project token as `token` in each event's properties, with `time` (milliseconds), `distinct_id`,
/// `$insert_id` (the event's id: 36 characters, letters, digits and dashes, as Mixpanel requires) and the
/// Simplified ID Merge properties `$device_id` (the anonymous id) and `$user_id` (once identified).
///
/// `distinct_id` is the user id once identified, else `$device:` and the anonymous id, as Mixpanel's SDKs
/// set it. Identify is an `$identify` event carrying both ids (which is what merges them under Simplified
/// ID Merge) and the traits as properties; alias is `$create_alias` with `alias`; group is a `$group`
/// event with `group_id`. Screen views are `Loaded a Screen` with `screen_name`. Context goes in Mixpanel's
/// own property names (`$os`, `$os_version`, `$app_version_string`, `$model`, …, `mp_lib` = `sightline`).
/// `/track` does not accept events older than 5 days, so they are dropped before the request. Sources:
/// docs/design/destinations.md.
package struct MixpanelDestination: WireDestination {
    // MARK: - Internal

    /// How old an event `/track` still accepts: "Last 5 days only",
    /// https://docs.mixpanel.com/reference/track-event (When to use /track vs /import).
    package static let maximumEventAge: TimeInterval = 5 * 24 * 3600

    package init() {}

    package var name: String { "mixpanel" }
    package var defaultEndpoint: TrackingEndpoint { .mixpanelUS }
    package var limits: WireLimits {
        // "up to 2000 events and 2MB uncompressed per request": https://developer.mixpanel.com/reference-link/http;
        // /track's limits are /import's: https://docs.mixpanel.com/reference/track-event (Limits). Newer pages
        // give /import 10 MB (https://docs.mixpanel.com/troubleshooting/errors/413-payload-too-large) but their
        // sample 413 still says 2,097,152 bytes: 2 MB is the bound every page allows.
        var limits = WireLimits()
        limits.maximumMessageCount = 2_000
        limits.maximumRequestBytes = 1_999_000
        return limits
    }
    package var acceptsGzip: Bool { false }
    package var maximumEventAge: TimeInterval? { Self.maximumEventAge }

    package func authorization(writeKey: String) -> String? { nil }

    /// A JSON array of events, the token in each one's properties: https://docs.mixpanel.com/reference/track-event
    package func envelope(writeKey: String) -> WireEnvelope { .array }

    /// Mixpanel's default properties, as its SDKs name them:
    /// https://docs.mixpanel.com/docs/data-structure/property-reference/default-properties
    package func contextMembers(_ context: TrackingContext) -> [WireJSONMember] {
        [
            WireJSONMember("mp_lib", .string("sightline")),
            WireJSONMember("$lib_version", .string(context.library.version)),
            WireJSONMember("$app_version_string", .string(context.app.version)),
            WireJSONMember("$app_build_number", .string(context.app.build)),
            WireJSONMember("$manufacturer", .string(context.device.manufacturer)),
            WireJSONMember("$model", .string(context.device.model)),
            WireJSONMember("$os", .string(context.os.name)),
            WireJSONMember("$os_version", .string(context.os.version)),
            WireJSONMember("$screen_width", .double(context.screen.width)),
            WireJSONMember("$screen_height", .double(context.screen.height)),
        ]
    }

    package func message(for event: TrackingEvent, naming: TrackingWireNaming, context: [WireJSONMember], writeKey: String) -> EncodedWireMessage? {
        guard let identity = event.identity, WireTimestamp.isRepresentable(event.timestamp),
              let content = WireEventContent(event: event, naming: naming) else { return nil }
        let messageId = event.id.uuidString.lowercased()
        let deviceID = identity.anonymousID.uuidString.lowercased()
        var writer = WireJSONWriter(reservingCapacity: 512)
        writer.writeRaw("{")
        writer.writeKey("event", first: true)
        switch content.kind {
        case .track: writer.write(content.name ?? "")
        case .screen: writer.write("Loaded a Screen")
        case .identify: writer.write("$identify")
        case .group: writer.write("$group")
        case .alias: writer.write("$create_alias")
        }
        writer.writeKey("properties")
        writer.writeRaw("{")
        var isFirst = true
        // `token`, `time` (ms), `distinct_id`, `$insert_id`: https://docs.mixpanel.com/reference/track-event;
        // `$insert_id` rules: https://docs.mixpanel.com/troubleshooting/errors/400-bad-request.
        writer.writeMember("token", .string(writeKey), isFirst: &isFirst)
        writer.writeMember("time", .int(WireTimestamp.milliseconds(event.timestamp)), isFirst: &isFirst)
        if content.kind == .alias {
            // Mixpanel's alias: `distinct_id` is the id already known, `alias` the new one:
            // https://docs.mixpanel.com/docs/tracking-methods/id-management/identifying-users-original
            writer.writeMember("distinct_id", .string(event.previousID ?? ""), isFirst: &isFirst)
            writer.writeMember("alias", .string(identity.userID ?? ""), isFirst: &isFirst)
        } else {
            writer.writeMember("distinct_id", .string(identity.userID ?? "$device:" + deviceID), isFirst: &isFirst)
        }
        writer.writeMember("$insert_id", .string(messageId), isFirst: &isFirst)
        // Simplified ID Merge: `$device_id` always, `$user_id` once identified, `$device:` distinct ids:
        // https://docs.mixpanel.com/docs/tracking-methods/id-management/identifying-users-simplified
        writer.writeMember("$device_id", .string(deviceID), isFirst: &isFirst)
        if let userID = identity.userID {
            writer.writeMember("$user_id", .string(userID), isFirst: &isFirst)
        }
        switch content.kind {
        case .track, .identify:
            writer.writeMembers(content.properties, isFirst: &isFirst)
        case .screen:
            writer.writeMember(naming.propertyKeys.screenName, .string(content.name ?? ""), isFirst: &isFirst)
            writer.writeMembers(content.properties, isFirst: &isFirst)
        case .group:
            writer.writeMember("group_id", .string(event.groupID ?? ""), isFirst: &isFirst)
            writer.writeMembers(content.properties, isFirst: &isFirst)
        case .alias:
            break
        }
        writer.writeMembers(context, isFirst: &isFirst)
        if let session = event.session {
            writer.writeMember("$session_id", .int(Int(truncatingIfNeeded: session.id)), isFirst: &isFirst)
        }
        writer.writeRaw("}}")
        return EncodedWireMessage(messageId: messageId, bytes: writer.bytes)
    }
}
