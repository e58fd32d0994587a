import Foundation

/// One upload request and what became of it, as ``DeliveryConfiguration/uploadObserver`` receives it.
///
/// A 413 split produces one report for the refused request (outcome ``Outcome/split``) and one per half.
///
/// ```swift
/// configuration.uploadObserver = { report in
///     print(report.date, report.messageIDs.count, report.statusCode ?? -1, report.outcome)
/// }
/// ```
public struct DeliveryUploadReport: Sendable, Equatable {
    // MARK: - Public

    /// What became of the request's messages.
    public enum Outcome: Sendable, Equatable {
        /// The collector accepted them (2xx); they are deleted from the queue.
        case delivered
        /// Kept (408, 429, 5xx, a timeout, a transport error, offline); retried after this many seconds
        /// with the same message ids.
        case retrying(after: TimeInterval)
        /// The collector answered 413: the batch is sent again in halves (reported separately).
        case split
        /// Dropped for good (another 4xx, or 413 for a single message), with a diagnostic.
        case rejected
        /// The collector refused some of them (Amplitude's 400 listing rejected events): those are dropped
        /// with a diagnostic, the rest sent again at once (reported separately).
        case partiallyRejected
    }

    /// When the answer (or the transport failure) came back.
    public var date: Date
    /// The `messageId`s the request carried (the events' ids, lowercased), in order.
    public var messageIDs: [String]

    /// The former name of ``messageIDs``.
    @available(*, deprecated, renamed: "messageIDs")
    public var messageIds: [String] {
        get { messageIDs }
        set { messageIDs = newValue }
    }
    /// The request body's size in bytes before compression.
    public var bodyByteCount: Int
    /// The HTTP status, or `nil` when the request failed in transport.
    public var statusCode: Int?
    /// The transport failure (a timeout, a dropped connection, offline), or `nil` when the collector answered.
    public var transportError: String?
    /// What became of the messages.
    public var outcome: Outcome

    /// Creates a report.
    /// - Parameters:
    ///   - date: When the answer came back.
    ///   - messageIDs: The request's message ids.
    ///   - bodyByteCount: The uncompressed body size.
    ///   - statusCode: The HTTP status, if the collector answered.
    ///   - transportError: The transport failure, if it did not.
    ///   - outcome: What became of the messages.
    public init(date: Date, messageIDs: [String], bodyByteCount: Int, statusCode: Int?, transportError: String?, outcome: Outcome) {
        self.date = date
        self.messageIDs = messageIDs
        self.bodyByteCount = bodyByteCount
        self.statusCode = statusCode
        self.transportError = transportError
        self.outcome = outcome
    }

    /// The former spelling of ``init(date:messageIDs:bodyByteCount:statusCode:transportError:outcome:)``.
    /// - Parameters:
    ///   - date: When the answer came back.
    ///   - messageIds: The request's message ids.
    ///   - bodyByteCount: The uncompressed body size.
    ///   - statusCode: The HTTP status, if the collector answered.
    ///   - transportError: The transport failure, if it did not.
    ///   - outcome: What became of the messages.
    @available(*, deprecated, renamed: "init(date:messageIDs:bodyByteCount:statusCode:transportError:outcome:)")
    public init(date: Date, messageIds: [String], bodyByteCount: Int, statusCode: Int?, transportError: String?, outcome: Outcome) {
        self.init(date: date, messageIDs: messageIds, bodyByteCount: bodyByteCount, statusCode: statusCode,
                  transportError: transportError, outcome: outcome)
    }
}
