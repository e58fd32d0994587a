import Foundation

/// Who an event was recorded for: the installation's anonymous id and, once identified, the user id, with
/// the user's traits.
///
/// The anonymous id is a random UUID created on first use and kept across launches;
/// ``Tracker/reset()`` replaces it and forgets the user id and traits (log-out). The user id is the app's
/// own identifier, set by ``Tracker/identify(userID:traits:)-(_,TrackingProperties)`` or
/// ``Tracker/alias(_:)``. Segment-compatible backends receive them as `anonymousId` and `userId`, and the
/// traits as `context.traits` on every event.
public struct TrackingIdentity: Hashable, Sendable, Codable {
    // MARK: - Public

    /// The installation's anonymous id.
    public var anonymousID: UUID
    /// The identified user, or `nil` before ``Tracker/identify(userID:traits:)-(_,TrackingProperties)`` and after
    /// ``Tracker/reset()``.
    public var userID: String?
    /// What is known about the user: the traits of every identification since the last
    /// ``Tracker/reset()``, later ones over earlier ones (an identification naming another user id starts
    /// afresh). Empty until then.
    public var traits: TrackingProperties

    /// Creates an identity.
    /// - Parameters:
    ///   - anonymousID: The installation's anonymous id. Defaults to a new random UUID.
    ///   - userID: The identified user, if any.
    ///   - traits: What is known about the user.
    public init(anonymousID: UUID = UUID(), userID: String? = nil, traits: TrackingProperties = [:]) {
        self.anonymousID = anonymousID
        self.userID = userID
        self.traits = traits
    }

    /// Decodes an identity; one saved without traits (by an earlier version) has none.
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        anonymousID = try container.decode(UUID.self, forKey: .anonymousID)
        userID = try container.decodeIfPresent(String.self, forKey: .userID)
        traits = try container.decodeIfPresent(TrackingProperties.self, forKey: .traits) ?? [:]
    }

    // MARK: - Private

    private enum CodingKeys: String, CodingKey {
        case anonymousID
        case userID
        case traits
    }
}
