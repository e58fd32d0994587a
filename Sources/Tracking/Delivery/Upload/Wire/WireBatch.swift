import Foundation

/// Encoded messages that fit one request, in order, inside their destination's ``WireEnvelope``; the body
/// is written at sending time so that `sentAt` is the moment of sending (Segment corrects device clock skew
/// with it).
package struct WireBatch: Sendable, Equatable {
    // MARK: - Internal

    /// Segment's `{"batch":[` + `],"sentAt":` + the quoted timestamp + `}`.
    package static let wrapperByteCount = WireEnvelope.segment.byteCount

    /// What is written around the messages.
    package let envelope: WireEnvelope
    private(set) var messages: [EncodedWireMessage] = []
    /// The body's exact size: messages, commas and wrapper.
    private(set) var bodyByteCount: Int

    package init(envelope: WireEnvelope = .segment) {
        self.envelope = envelope
        bodyByteCount = envelope.byteCount
    }

    package init(_ messages: some Sequence<EncodedWireMessage>, envelope: WireEnvelope = .segment) {
        self.init(envelope: envelope)
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
        writer.append(envelope.opening)
        for (index, message) in messages.enumerated() {
            if index > 0 { writer.writeRaw(",") }
            writer.append(message.bytes)
        }
        envelope.writeEnd(sentAt: sentAt, into: &writer)
        return Data(writer.bytes)
    }

    /// The two halves (for a 413), or `nil` when there is a single message left to split.
    package func split() -> (WireBatch, WireBatch)? {
        guard messages.count > 1 else { return nil }
        let middle = messages.count / 2
        return (WireBatch(messages[..<middle], envelope: envelope), WireBatch(messages[middle...], envelope: envelope))
    }

    /// This batch without the messages at `indices` (positions in ``messages``, as a collector lists them).
    package func removing(indices: Set<Int>) -> WireBatch {
        WireBatch(messages.enumerated().lazy.filter { !indices.contains($0.offset) }.map(\.element), envelope: envelope)
    }
}
