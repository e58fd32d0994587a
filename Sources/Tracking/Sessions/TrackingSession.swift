import Foundation

/// The session an event was recorded in, as RudderStack's mobile SDKs send it: `context.sessionId` and,
/// on the session's first event only, `context.sessionStart: true`.
///
/// A session starts with the first event when there is none, with the first event after the app spent
/// longer than ``TrackingConfiguration/sessionTimeout`` in the background, on ``Tracker/reset()`` and on
/// ``Tracker/startSession()``; it survives a relaunch within the timeout. ``Tracker/endSession()`` ends
/// it. The tracker sets ``TrackingEvent/session`` on every event it delivers.
public struct TrackingSession: Hashable, Sendable, Codable {
    // MARK: - Public

    /// The session's id: when it started, in whole seconds since 1970 (the unit RudderStack's iOS and
    /// Android SDKs use). Unique per session on a device: a session started within the same second as
    /// the previous one gets the next number.
    public var id: Int64
    /// Whether the event is the session's first: sent as `context.sessionStart: true`.
    public var isStart: Bool

    /// Creates a session stamp.
    /// - Parameters:
    ///   - id: Seconds since 1970 when the session started.
    ///   - isStart: Whether the event is the session's first.
    public init(id: Int64, isStart: Bool = false) {
        self.id = id
        self.isStart = isStart
    }
}
