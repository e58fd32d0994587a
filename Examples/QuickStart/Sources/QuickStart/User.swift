import Foundation

/// The signed-in person, as the app's model holds them.
struct User: Sendable {
    /// The account's id.
    var id: UUID
    /// The name shown on the profile.
    var name: String

    /// Creates a user.
    /// - Parameters:
    ///   - id: The account's id.
    ///   - name: The name shown on the profile.
    init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}
