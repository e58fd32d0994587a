#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The feed: a vertical scroll view of post cards. Tapping one reports the post to the flow.
final class FeedViewController: UIViewController {
    // MARK: - Internal

    /// Called when the user taps a post.
    var onSelectPost: ((Post) -> Void)?

    /// Height of a card plus the gap below it.
    static let rowHeight: CGFloat = 200

    let scrollView = UIScrollView(frame: .zero)
    private(set) var cells: [FeedCell] = []

    init(posts: [Post]) {
        self.posts = posts
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        setUpDemoScreen(title: "Feed", trackingScreen: TrackingScreen(screenName: .feed))
        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.clipsToBounds = true
        scrollView.contentSize = CGSize(width: view.bounds.width, height: CGFloat(posts.count) * Self.rowHeight)
        view.addSubview(scrollView)
        // A real feed would reuse cells in a UICollectionView; a fixed stack keeps the demo's hierarchy plain.
        for (index, post) in posts.enumerated() {
            let cell = FeedCell(frame: CGRect(
                x: 16, y: CGFloat(index) * Self.rowHeight + 8, width: view.bounds.width - 32, height: Self.rowHeight - 16
            ))
            cell.autoresizingMask = [.flexibleWidth]
            cell.post = post
            cell.addAction(UIAction { [weak self] _ in self?.onSelectPost?(post) }, for: .touchUpInside)
            scrollView.addSubview(cell)
            cells.append(cell)
        }
    }

    // MARK: - Private

    private let posts: [Post]
}
