/// A post shown in the feed.
public struct Post: Hashable, Sendable {
    // MARK: - Public

    /// A stable identifier, such as `post-3`.
    public var id: String
    /// The post's title.
    public var title: String
    /// Who wrote it.
    public var author: String
}
