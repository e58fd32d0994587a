import Tracking

/// What the flows need from the outside world, built once by the composition root (``SampleApp``) and
/// handed down: no flow or screen reaches for a singleton.
@MainActor
public struct AppDependencies {
    // MARK: - Public

    /// Signs in and out.
    public var accounts: AccountService
    /// The feed's posts.
    public var posts: PostRepository
    /// The analytics client, for what no scan can see: who logged in, what was saved, logging out.
    public var analytics: Tracker

    /// Creates the dependencies.
    /// - Parameters:
    ///   - accounts: Signs in and out.
    ///   - posts: The feed's posts.
    ///   - analytics: The analytics client (the app's tracker).
    public init(accounts: AccountService, posts: PostRepository, analytics: Tracker) {
        self.accounts = accounts
        self.posts = posts
        self.analytics = analytics
    }
}
