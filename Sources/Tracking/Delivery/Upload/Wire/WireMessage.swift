import Foundation

/// One message of a Segment HTTP Tracking API batch: a `track`, `screen` or `identify` call.
///
/// Field names follow Segment's spec: `type`, `messageId`, `timestamp` (ISO-8601, UTC, milliseconds),
/// `anonymousId`, `userId`, `event` (track) or `name` (screen), `properties` (track, screen) or `traits`
/// (identify), `context`. Encode once with ``encoded()``; batches are assembled from the bytes.
struct WireMessage: Sendable, Equatable {
    // MARK: - Internal

    /// The call's type.
    enum Kind: String, Sendable {
        case track
        case screen
        case identify
    }

    var type: Kind
    /// The event's id; the server drops duplicates by it, so a re-sent event must keep it.
    var messageId: String
    var timestamp: Date
    var anonymousId: String?
    var userId: String?
    /// The event name (`track`) or screen name (`screen`); ignored for `identify`.
    var name: String?
    /// `properties` for `track` and `screen`, `traits` for `identify`.
    var properties: [WireJSONMember]
    /// The `context` object: library, app, device, os, screen, locale, timezone.
    var context: [WireJSONMember]

    /// The message as JSON bytes, members in spec order.
    func encoded() -> EncodedWireMessage {
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
        case .identify:
            break
        }
        writer.writeKey(type == .identify ? "traits" : "properties")
        writer.write(properties)
        writer.writeKey("context")
        writer.write(context)
        writer.writeRaw("}")
        return EncodedWireMessage(messageId: messageId, bytes: writer.bytes)
    }
}

/// A message's JSON bytes and its id.
struct EncodedWireMessage: Sendable, Equatable {
    var messageId: String
    var bytes: [UInt8]
}
