/// What the flows need from the outside world, built once by the composition root (``SampleApp``) and
/// handed down: no flow or screen reaches for a singleton.
@MainActor
public struct AppDependencies {
    // MARK: - Public

    /// Signs in and out.
    public var accounts: AccountService
    /// The feed's posts.
    public var posts: PostRepository

    /// Creates the dependencies.
    public init(accounts: AccountService, posts: PostRepository) {
        self.accounts = accounts
        self.posts = posts
    }
}
