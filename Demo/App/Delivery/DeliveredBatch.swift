import Foundation

/// One upload request as the demo saw it: its number, the collector's answer, its size and the messages it
/// carried. The delivery section of ``ScanReportHTML`` lists them.
///
/// Built from what a collector received (``init(requestNumber:status:wireBytes:body:)`` parses the
/// Segment batch body) or, when the collector is somewhere else, from the sink's upload reports.
public struct DeliveredBatch: Sendable, Hashable {
    // MARK: - Public

    /// One message of the batch.
    public struct Message: Sendable, Hashable {
        /// The Segment call: `screen`, `track`, `identify`, `group` or `alias`.
        public var type: String
        /// The screen's `name`, the track call's `event`, the identify or alias call's `userId` (empty if none), or the
        /// group call's `groupId`.
        public var name: String
        /// The message id: the event's id, so the collector can drop duplicates.
        public var messageId: String
        /// What the message is about beyond its name: `feed_cell#post-3 on feed` for an impression,
        /// `post_detail#post-6` for a screen with an identifier; `nil` otherwise.
        public var subject: String?

        /// Creates a message.
        /// - Parameters:
        ///   - type: The Segment call.
        ///   - name: The screen name, event name or user id.
        ///   - messageId: The message id.
        ///   - subject: What the message is about beyond its name, if anything.
        public init(type: String, name: String, messageId: String, subject: String? = nil) {
            self.type = type
            self.name = name
            self.messageId = messageId
            self.subject = subject
        }

        /// `element#id on screen#id` from an impression's parts, `screen#id` from a screen's, `nil` when
        /// there is nothing beyond the name.
        static func subject(element: String?, elementId: String?, screen: String?, screenId: String?) -> String? {
            func label(_ name: String?, _ identifier: String?) -> String? {
                name.map { name in identifier.map { "\(name)#\($0)" } ?? name }
            }
            if let element = label(element, elementId) {
                return label(screen, screenId).map { "\(element) on \($0)" } ?? element
            }
            return screenId == nil ? nil : label(screen, screenId)
        }
    }

    /// The request's position among the uploads of the run, from 1.
    public var requestNumber: Int
    /// The HTTP status the collector answered, or `nil` when no answer came (a dropped connection, a
    /// timeout).
    public var status: Int?
    /// The JSON body's size in bytes, before compression.
    public var bodyBytes: Int
    /// The body's size on the wire (after gzip, when it was gzipped), when a collector measured it.
    public var wireBytes: Int?
    /// The batch's messages, in order.
    public var messages: [Message]

    /// Whether the collector accepted the batch (a 2xx answer).
    public var isDelivered: Bool {
        status.map { (200..<300).contains($0) } ?? false
    }

    /// Creates a batch from its parts.
    /// - Parameters:
    ///   - requestNumber: The request's position, from 1.
    ///   - status: The HTTP status, or `nil` when no answer came.
    ///   - bodyBytes: The JSON body's size before compression.
    ///   - wireBytes: The body's size on the wire, when known.
    ///   - messages: The messages, in order.
    public init(requestNumber: Int, status: Int?, bodyBytes: Int, wireBytes: Int?, messages: [Message]) {
        self.requestNumber = requestNumber
        self.status = status
        self.bodyBytes = bodyBytes
        self.wireBytes = wireBytes
        self.messages = messages
    }

    /// Reads a Segment HTTP Tracking API batch body, `{"batch": [{"type": …, "messageId": …}, …], …}`, with
    /// the default property keys of `TrackingWireNaming`.
    /// - Parameters:
    ///   - requestNumber: The request's position, from 1.
    ///   - status: The HTTP status the collector answered, or `nil`.
    ///   - wireBytes: The body's size on the wire, when known.
    ///   - body: The JSON body (gunzipped).
    /// - Returns: `nil` when the body is neither a Segment batch (a JSON object with a `batch` array of
    ///   objects that each have a string `type` and `messageId`) nor a PostHog, Amplitude or Mixpanel request
    ///   whose every event has the fields its vendor requires.
    public init?(requestNumber: Int, status: Int?, wireBytes: Int?, body: Data) {
        if let messages = Message.vendorMessages(in: body) {
            self.init(requestNumber: requestNumber, status: status, bodyBytes: body.count, wireBytes: wireBytes, messages: messages)
            return
        }
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let batch = object["batch"] as? [[String: Any]]
        else { return nil }
        var messages: [Message] = []
        messages.reserveCapacity(batch.count)
        for message in batch {
            guard let type = message["type"] as? String, let messageId = message["messageId"] as? String else { return nil }
            let nameKey = switch type {
            case "track": "event"
            case "identify", "alias": "userId"
            case "group": "groupId"
            default: "name"
            }
            let name = message[nameKey] as? String ?? ""
            let properties = message["properties"] as? [String: Any] ?? [:]
            let subject = Message.subject(
                element: properties["element_type"] as? String, elementId: properties["element_id"] as? String,
                screen: properties["screen_name"] as? String ?? (type == "screen" ? name : nil),
                screenId: properties["screen_id"] as? String
            )
            messages.append(Message(type: type, name: name, messageId: messageId, subject: subject))
        }
        self.init(requestNumber: requestNumber, status: status, bodyBytes: body.count, wireBytes: wireBytes, messages: messages)
    }
}

extension [DeliveredBatch] {
    // MARK: - Public

    /// The batches the collector accepted.
    public var delivered: [DeliveredBatch] {
        filter(\.isDelivered)
    }

    /// The messages of the accepted batches, in delivery order.
    public var deliveredMessages: [DeliveredBatch.Message] {
        delivered.flatMap(\.messages)
    }
}
