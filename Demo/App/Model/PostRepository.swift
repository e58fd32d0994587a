/// Where the feed's posts come from: a fixed, in-memory list, so the demo is the same every run.
public struct PostRepository: Sendable {
    // MARK: - Public

    /// Creates a repository of `count` generated posts, `post-0` to `post-<count - 1>`.
    /// - Parameter count: How many posts the feed shows.
    public init(count: Int = 20) {
        let authors = ["Ada", "Grace", "Linus", "Barbara", "Ken"]
        posts = (0..<max(count, 0)).map { index in
            Post(id: "post-\(index)", title: "Post \(index)", author: authors[index % authors.count])
        }
    }

    /// The posts, newest first.
    public let posts: [Post]
}
