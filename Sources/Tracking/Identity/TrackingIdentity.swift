import Foundation

/// Who an event was recorded for: the installation's anonymous id and, once identified, the user id.
///
/// The anonymous id is a random UUID created on first use and kept across launches;
/// ``Tracker/reset()`` replaces it and forgets the user id (log-out). The user id is the app's own
/// identifier, set by ``Tracker/identify(userID:traits:)-(_,TrackingProperties)``. Segment-compatible backends receive them as
/// `anonymousId` and `userId`.
public struct TrackingIdentity: Hashable, Sendable, Codable {
    /// The installation's anonymous id.
    public var anonymousID: UUID
    /// The identified user, or `nil` before ``Tracker/identify(userID:traits:)-(_,TrackingProperties)`` and after
    /// ``Tracker/reset()``.
    public var userID: String?

    /// Creates an identity.
    /// - Parameters:
    ///   - anonymousID: The installation's anonymous id. Defaults to a new random UUID.
    ///   - userID: The identified user, if any.
    public init(anonymousID: UUID = UUID(), userID: String? = nil) {
        self.anonymousID = anonymousID
        self.userID = userID
    }
}
