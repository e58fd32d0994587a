/// Signs the user in and out. The demo's accounts accept any credentials, synchronously.
@MainActor
public final class AccountService {
    // MARK: - Public

    /// Creates a signed-out service.
    public init() {}

    /// The signed-in user, or `nil`.
    public private(set) var currentUser: User?

    /// Signs in and returns the user.
    @discardableResult
    public func logIn(username: String) -> User {
        let user = User(id: "user-1", displayName: username)
        currentUser = user
        return user
    }

    /// Signs out.
    public func logOut() {
        currentUser = nil
    }
}
