#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// One post in the feed: a tappable card that carries the post's tracking component.
final class FeedCell: UIControl {
    // MARK: - Internal

    /// The post shown; setting it updates the title and the tracking component (identity is the post, so a
    /// reused cell showing another post is another impression).
    var post: Post? {
        didSet {
            titleLabel.text = post.map { "\($0.title) by \($0.author)" }
            trackingElement = post.map { post in
                TrackingElement(elementType: .feedCell, identifier: post.id, properties: ["author": .string(post.author)])
            }
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .demoSecondaryBackground
        titleLabel.frame = CGRect(x: 16, y: 16, width: frame.width - 32, height: 32)
        titleLabel.autoresizingMask = [.flexibleWidth]
        addSubview(titleLabel)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    // MARK: - Private

    private let titleLabel = UILabel(frame: .zero)
}
