import Foundation

/// What a destination writes around a batch's messages: an opening (ending where the first message
/// goes), then, after the last message's `]`, an optional send-time member and a closing.
///
/// Segment's is `{"batch":[` … `],"sentAt":"…"}`; PostHog's puts the project key first; Amplitude's has no
/// send time; Mixpanel's is a bare array. Each size is known in advance, so a batch knows its exact body
/// size before it is written.
package struct WireEnvelope: Sendable, Equatable {
    // MARK: - Internal

    /// Bytes before the first message, ending with `[`.
    package var opening: [UInt8]
    /// The key of the send-time member written after `]` (Segment's `sentAt`), or `nil` for none.
    package var sentAtKey: String?
    /// Bytes after the send-time member (`}` for an object, nothing for a bare array).
    package var closing: [UInt8]

    package init(opening: [UInt8], sentAtKey: String?, closing: [UInt8]) {
        self.opening = opening
        self.sentAtKey = sentAtKey
        self.closing = closing
    }

    /// Segment's `{"batch":[…],"sentAt":"…"}`.
    package static let segment = WireEnvelope(opening: Array(#"{"batch":["#.utf8), sentAtKey: "sentAt", closing: [UInt8(ascii: "}")])

    /// An object whose first members are `members` (written once, when the destination is chosen) and
    /// whose last member is the array `arrayKey`, with no send time.
    package static func object(_ members: [WireJSONMember], arrayKey: String) -> WireEnvelope {
        var writer = WireJSONWriter(reservingCapacity: 128)
        writer.write(members)
        var opening = writer.bytes
        opening.removeLast() // the `}`: the array follows as the last member
        var tail = WireJSONWriter(reservingCapacity: 32)
        tail.writeKey(arrayKey, first: members.isEmpty)
        opening += tail.bytes + [UInt8(ascii: "[")]
        return WireEnvelope(opening: opening, sentAtKey: nil, closing: [UInt8(ascii: "}")])
    }

    /// A bare JSON array.
    package static let array = WireEnvelope(opening: [UInt8(ascii: "[")], sentAtKey: nil, closing: [])

    /// The body size of a batch without messages: `,"key":` is the key and 4 bytes, the quoted timestamp
    /// its ``WireTimestamp/byteCount`` and 2.
    package var byteCount: Int {
        opening.count + 1 + (sentAtKey.map { $0.utf8.count + 4 + WireTimestamp.byteCount + 2 } ?? 0) + closing.count
    }

    /// Writes the end of a body: `]`, the send time, the closing.
    package func writeEnd(sentAt: Date, into writer: inout WireJSONWriter) {
        writer.writeRaw("]")
        if let sentAtKey {
            writer.writeKey(sentAtKey)
            WireTimestamp.write(sentAt, into: &writer)
        }
        writer.append(closing)
    }
}
