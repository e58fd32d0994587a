import Foundation

/// Encoded messages that fit one request, in order; the body is written at sending time so that `sentAt`
/// is the moment of sending (Segment corrects device clock skew with it).
package struct WireBatch: Sendable, Equatable {
    // MARK: - Internal

    /// `{"batch":[` + `],"sentAt":` + the quoted timestamp + `}`.
    package static let wrapperByteCount = 10 + 11 + WireTimestamp.byteCount + 2 + 1

    private(set) var messages: [EncodedWireMessage] = []
    /// The body's exact size: messages, commas and wrapper.
    private(set) var bodyByteCount = WireBatch.wrapperByteCount

    package init() {}

    package init(_ messages: some Sequence<EncodedWireMessage>) {
        for message in messages { append(message) }
    }

    package var messageIds: [String] { messages.map(\.messageId) }
    package var isEmpty: Bool { messages.isEmpty }
    package var count: Int { messages.count }

    /// The body size after appending `message`.
    package func bodyByteCount(appending message: EncodedWireMessage) -> Int {
        bodyByteCount + message.bytes.count + (messages.isEmpty ? 0 : 1)
    }

    package mutating func append(_ message: EncodedWireMessage) {
        bodyByteCount = bodyByteCount(appending: message)
        messages.append(message)
    }

    /// The request body, `sentAt` being `sentAt`.
    package func body(sentAt: Date) -> Data {
        var writer = WireJSONWriter(reservingCapacity: bodyByteCount)
        writer.writeRaw(#"{"batch":["#)
        for (index, message) in messages.enumerated() {
            if index > 0 { writer.writeRaw(",") }
            writer.append(message.bytes)
        }
        writer.writeRaw(#"],"sentAt":"#)
        WireTimestamp.write(sentAt, into: &writer)
        writer.writeRaw("}")
        return Data(writer.bytes)
    }

    /// The two halves (for a 413), or `nil` when there is a single message left to split.
    package func split() -> (WireBatch, WireBatch)? {
        guard messages.count > 1 else { return nil }
        let middle = messages.count / 2
        return (WireBatch(messages[..<middle]), WireBatch(messages[middle...]))
    }
}
