import Foundation

extension DeliveredBatch.Message {
    // MARK: - Internal

    /// The messages of a PostHog (`{"api_key","batch"}`), Amplitude (`{"api_key","events"}`) or Mixpanel
    /// (an array) request body, each named as the Segment call it came from; `nil` when the body is none of
    /// these or a message lacks a field its vendor requires (an event name, an id, a distinct or device id
    /// of the right length, a time, the key), so the demo counts it as not delivered.
    static func vendorMessages(in body: Data) -> [Self]? {
        let json = try? JSONSerialization.jsonObject(with: body)
        if let array = json as? [[String: Any]] { return mixpanel(array) }
        guard let object = json as? [String: Any], let key = object["api_key"] as? String, !key.isEmpty else { return nil }
        if let batch = object["batch"] as? [[String: Any]] { return postHog(batch) }
        if let events = object["events"] as? [[String: Any]] { return amplitude(events) }
        return nil
    }

    // MARK: - Private

    private static func postHog(_ batch: [[String: Any]]) -> [Self]? {
        var messages: [Self] = []
        for event in batch {
            guard let name = event["event"] as? String, !name.isEmpty, let id = event["uuid"] as? String,
                  let distinctID = event["distinct_id"] as? String, !distinctID.isEmpty, event["timestamp"] is String,
                  let properties = event["properties"] as? [String: Any] else { return nil }
            let (type, shown): (String, String) = switch name {
            case "$screen": ("screen", properties["$screen_name"] as? String ?? "")
            case "$identify": ("identify", distinctID)
            case "$groupidentify": ("group", properties["$group_key"] as? String ?? "")
            case "$create_alias": ("alias", distinctID)
            default: ("track", name)
            }
            messages.append(message(type: type, name: shown, id: id, properties: properties))
        }
        return messages
    }

    private static func amplitude(_ events: [[String: Any]]) -> [Self]? {
        var messages: [Self] = []
        for event in events {
            guard let name = event["event_type"] as? String, !name.isEmpty, let id = event["insert_id"] as? String,
                  let deviceID = event["device_id"] as? String, deviceID.count >= 5, event["time"] is Int,
                  (event["user_id"] as? String).map({ $0.count >= 5 }) ?? true else { return nil }
            let properties = event["event_properties"] as? [String: Any] ?? [:]
            let (type, shown): (String, String) = switch name {
            case "[Amplitude] Screen Viewed": ("screen", properties["[Amplitude] Screen Name"] as? String ?? "")
            case "$identify": ("identify", event["user_id"] as? String ?? "")
            case "$groupidentify": ("group", (event["groups"] as? [String: Any])?.values.first as? String ?? "")
            default: ("track", name)
            }
            messages.append(message(type: type, name: shown, id: id, properties: properties))
        }
        return messages
    }

    private static func mixpanel(_ events: [[String: Any]]) -> [Self]? {
        var messages: [Self] = []
        for event in events {
            guard let name = event["event"] as? String, !name.isEmpty, let properties = event["properties"] as? [String: Any],
                  let id = properties["$insert_id"] as? String, id.count <= 36, properties["time"] is Int,
                  let token = properties["token"] as? String, !token.isEmpty,
                  let distinctID = properties["distinct_id"] as? String, !distinctID.isEmpty else { return nil }
            let (type, shown): (String, String) = switch name {
            case "Loaded a Screen": ("screen", properties["screen_name"] as? String ?? "")
            case "$identify": ("identify", properties["$user_id"] as? String ?? "")
            case "$group": ("group", properties["group_id"] as? String ?? "")
            case "$create_alias": ("alias", properties["alias"] as? String ?? "")
            default: ("track", name)
            }
            messages.append(message(type: type, name: shown, id: id, properties: properties))
        }
        return messages
    }

    private static func message(type: String, name: String, id: String, properties: [String: Any]) -> Self {
        Self(type: type, name: name, messageId: id, subject: subject(
            element: properties["element_type"] as? String, elementId: properties["element_id"] as? String,
            screen: properties["screen_name"] as? String ?? (type == "screen" ? name : nil),
            screenId: properties["screen_id"] as? String
        ))
    }
}
