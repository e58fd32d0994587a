import Foundation

/// One message of a Segment HTTP Tracking API batch: a `track`, `screen`, `identify`, `group` or `alias`
/// call.
///
/// Field names follow Segment's spec: `type`, `messageId`, `timestamp` (ISO-8601, UTC, milliseconds),
/// `anonymousId`, `userId`, `event` (track) or `name` (screen), `groupId` (group), `previousId` (alias),
/// `properties` (track, screen) or `traits` (identify, group; alias has neither), `context`. Encode once with
/// ``encoded()``; batches are assembled from the bytes.
package struct WireMessage: Sendable, Equatable {
    // MARK: - Internal

    /// The call's type.
    package enum Kind: String, Sendable {
        case track
        case screen
        case identify
        case group
        case alias
    }

    package var type: Kind
    /// The event's id; the server drops duplicates by it, so a re-sent event must keep it.
    package var messageId: String
    package var timestamp: Date
    package var anonymousId: String?
    package var userId: String?
    /// The event name (`track`) or screen name (`screen`); ignored for other calls.
    package var name: String?
    /// The group (`group` calls only).
    package var groupId: String?
    /// The id merged into `userId` (`alias` calls only).
    package var previousId: String?
    /// `properties` for `track` and `screen`, `traits` for `identify` and `group`; not sent for `alias`.
    package var properties: [WireJSONMember]
    /// The `context` object: library, app, device, os, screen, locale, timezone, then the event's traits and
    /// session.
    package var context: [WireJSONMember]

    package init(type: Kind, messageId: String, timestamp: Date, anonymousId: String?, userId: String?,
                 name: String?, groupId: String? = nil, previousId: String? = nil,
                 properties: [WireJSONMember], context: [WireJSONMember]) {
        self.groupId = groupId
        self.previousId = previousId
        self.type = type
        self.messageId = messageId
        self.timestamp = timestamp
        self.anonymousId = anonymousId
        self.userId = userId
        self.name = name
        self.properties = properties
        self.context = context
    }

    /// The message as JSON bytes, members in spec order.
    package func encoded() -> EncodedWireMessage {
        var writer = WireJSONWriter(reservingCapacity: 512)
        writer.writeRaw("{")
        writer.writeKey("type", first: true)
        writer.write(type.rawValue)
        writer.writeKey("messageId")
        writer.write(messageId)
        writer.writeKey("timestamp")
        WireTimestamp.write(timestamp, into: &writer)
        if let anonymousId {
            writer.writeKey("anonymousId")
            writer.write(anonymousId)
        }
        if let userId {
            writer.writeKey("userId")
            writer.write(userId)
        }
        switch type {
        case .track:
            writer.writeKey("event")
            writer.write(name ?? "")
        case .screen:
            writer.writeKey("name")
            writer.write(name ?? "")
        case .group:
            writer.writeKey("groupId")
            writer.write(groupId ?? "")
        case .alias:
            writer.writeKey("previousId")
            writer.write(previousId ?? "")
        case .identify:
            break
        }
        switch type {
        case .track, .screen:
            writer.writeKey("properties")
            writer.write(properties)
        case .identify, .group:
            writer.writeKey("traits")
            writer.write(properties)
        case .alias:
            break
        }
        writer.writeKey("context")
        writer.write(context)
        writer.writeRaw("}")
        return EncodedWireMessage(messageId: messageId, bytes: writer.bytes)
    }
}

/// A message's JSON bytes and its id.
package struct EncodedWireMessage: Sendable, Equatable {
    package var messageId: String
    package var bytes: [UInt8]
}
