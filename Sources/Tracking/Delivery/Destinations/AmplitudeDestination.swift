import Foundation

/// Amplitude's HTTP V2 API (`POST /2/httpapi`): `{"api_key":…,"events":[…]}`, each event with
/// `event_type`, `user_id` and `device_id`, `time` and `session_id` in milliseconds, `insert_id` (the
/// event's id, so a retry is deduplicated), `event_properties`, and the device's `platform`, `os_name`,
/// `os_version`, `app_version`, `device_manufacturer`, `device_model`, `language`.
///
/// Screen views are `[Amplitude] Screen Viewed` with `[Amplitude] Screen Name`, as Amplitude's own SDKs
/// send them; identify is `$identify` with `user_properties.$set`; group is `$groupidentify` with `groups`
/// and `group_properties.$set`; alias (which HTTP V2 has no call for) is an `$identify` carrying both ids,
/// which links the device to the user. A user id shorter than Amplitude's 5-character minimum is left out
/// (the 36-character device id always identifies the event). At most 2,000 events and under 1 MB per
/// request; a 400 listing rejected events drops those and resends the rest. Sources:
/// docs/design/destinations.md.
package struct AmplitudeDestination: WireDestination {
    // MARK: - Internal

    /// Amplitude's shortest accepted `user_id` and `device_id`: "must be 5 or more characters",
    /// https://amplitude.com/docs/apis/analytics/batch-event-upload (same event format as HTTP V2).
    package static let minimumIdentifierLength = 5
    /// The `groups` key of group calls (group type, `groups` and `group_properties`:
    /// https://amplitude.com/docs/apis/analytics/http-v2, "groups" / "group_properties" event fields).
    package static let groupType = "company"

    package init() {}

    package var name: String { "amplitude" }
    package var defaultEndpoint: TrackingEndpoint { .amplitudeUS }
    package var limits: WireLimits {
        // "Keep request sizes under 1 MB with fewer than 2000 events per request" (413 beyond):
        // https://amplitude.com/docs/apis/analytics/http-v2#upload-limit
        var limits = WireLimits()
        limits.maximumMessageCount = 2_000
        limits.maximumRequestBytes = 999_000
        return limits
    }
    /// "Amplitude counts events after it decompresses a gzip-encoded body":
    /// https://amplitude.com/docs/apis/analytics/http-v2#upload-limit
    package var acceptsGzip: Bool { true }

    package func authorization(writeKey: String) -> String? { nil }

    /// `{"api_key":…,"events":[…]}`: https://amplitude.com/docs/apis/analytics/http-v2 (Authentication, Request body).
    package func envelope(writeKey: String) -> WireEnvelope {
        .object([WireJSONMember("api_key", .string(writeKey))], arrayKey: "events")
    }

    /// Device fields of HTTP V2's event: https://amplitude.com/docs/apis/analytics/http-v2 (Keys for the event argument).
    package func contextMembers(_ context: TrackingContext) -> [WireJSONMember] {
        [
            WireJSONMember("platform", .string(context.os.name)),
            WireJSONMember("os_name", .string(context.os.name)),
            WireJSONMember("os_version", .string(context.os.version)),
            WireJSONMember("app_version", .string(context.app.version)),
            WireJSONMember("device_manufacturer", .string(context.device.manufacturer)),
            WireJSONMember("device_model", .string(context.device.model)),
            WireJSONMember("language", .string(context.locale)),
        ]
    }

    package func message(for event: TrackingEvent, naming: TrackingWireNaming, context: [WireJSONMember], writeKey: String) -> EncodedWireMessage? {
        guard let identity = event.identity, WireTimestamp.isRepresentable(event.timestamp),
              let content = WireEventContent(event: event, naming: naming) else { return nil }
        let messageId = event.id.uuidString.lowercased()
        var writer = WireJSONWriter(reservingCapacity: 512)
        writer.writeRaw("{")
        writer.writeKey("event_type", first: true)
        // `$identify` / `$groupidentify` through HTTP V2: https://amplitude.com/docs/apis/analytics/http-v2
        // ("user_properties", "groups", "group_properties"); the screen event's name is the one Amplitude's
        // autocapture sends: https://amplitude.com/docs/sdks/analytics/ios/ios-swift-sdk (Autocapture, screen views).
        switch content.kind {
        case .track: writer.write(content.name ?? "")
        case .screen: writer.write("[Amplitude] Screen Viewed")
        case .identify, .alias: writer.write("$identify")
        case .group: writer.write("$groupidentify")
        }
        if let userID = identity.userID, userID.count >= Self.minimumIdentifierLength {
            writer.writeKey("user_id")
            writer.write(userID)
        }
        writer.writeKey("device_id")
        writer.write(identity.anonymousID.uuidString.lowercased())
        writer.writeKey("time")
        writer.write(WireTimestamp.milliseconds(event.timestamp))
        // `time` in ms and `insert_id` (dedup for 7 days, stable across retries):
        // https://amplitude.com/docs/apis/analytics/http-api-batching-retries
        writer.writeKey("insert_id")
        writer.write(messageId)
        writer.writeKey("session_id")
        // Session start in ms; -1 is Amplitude's documented value for an event outside any session:
        // https://amplitude.com/docs/apis/analytics/http-v2 ("session_id").
        writer.write(event.session.map { Int(truncatingIfNeeded: $0.id) &* 1000 } ?? -1)
        var isFirst = false
        switch content.kind {
        case .track:
            writer.writeMember("event_properties", .object(content.properties), isFirst: &isFirst)
        case .screen:
            writer.writeKey("event_properties")
            writer.writeRaw("{")
            var isFirstProperty = true
            writer.writeMember("[Amplitude] Screen Name", .string(content.name ?? ""), isFirst: &isFirstProperty)
            writer.writeMembers(content.properties, isFirst: &isFirstProperty)
            writer.writeRaw("}")
        case .identify:
            writer.writeMember("user_properties", .object([WireJSONMember("$set", .object(content.properties))]), isFirst: &isFirst)
        case .alias:
            writer.writeMember("user_properties", .object([]), isFirst: &isFirst)
        case .group:
            let key = event.groupID ?? ""
            writer.writeMember("groups", .object([WireJSONMember(Self.groupType, .string(key))]), isFirst: &isFirst)
            writer.writeMember("group_properties", .object([WireJSONMember("$set", .object(content.properties))]), isFirst: &isFirst)
        }
        writer.writeMembers(context, isFirst: &isFirst)
        writer.writeRaw("}")
        return EncodedWireMessage(messageId: messageId, bytes: writer.bytes)
    }

    package func readsResponseBody(status: Int) -> Bool { status == 400 }

    /// A 400 whose body lists events by index (`events_with_invalid_fields`, `events_with_missing_fields`)
    /// drops those and resends the rest; any other answer is classified as for every destination.
    /// "When a 400 response lists rejected events, remove those events and resend the rest":
    /// https://amplitude.com/docs/apis/analytics/http-api-batching-retries; the body's fields are HTTP V2's
    /// 400 error response, https://amplitude.com/docs/apis/analytics/http-v2 (Response format, 400).
    package func outcome(of response: UploadResponse, batch: WireBatch, now: Date) -> UploadOutcome {
        guard case .http(400, _, _, let body?) = response,
              let indices = Self.rejectedIndices(in: body, count: batch.count), !indices.isEmpty
        else { return UploadResponseClassifier.outcome(of: response, now: now) }
        return .rejectSome(status: 400, indices: indices)
    }

    /// The indices a 400's body lists, within `0..<count`, sorted; `nil` when the body is not Amplitude's.
    package static func rejectedIndices(in body: Data, count: Int) -> [Int]? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        var indices = Set<Int>()
        for key in ["events_with_invalid_fields", "events_with_missing_fields"] {
            guard let fields = object[key] as? [String: Any] else { continue }
            for case let list as [Any] in fields.values {
                for case let number as NSNumber in list where (0..<count).contains(number.intValue) {
                    indices.insert(number.intValue)
                }
            }
        }
        return indices.sorted()
    }
}
