/// The signed-in user.
public struct User: Hashable, Sendable {
    // MARK: - Public

    /// A stable identifier.
    public var id: String
    /// The name shown on the profile.
    public var displayName: String
}
