#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The feed: a table of post cards fed by a diffable data source, with reused cells, as a real feed is built.
/// Tapping one reports the post to the flow.
final class FeedViewController: UIViewController {
    // MARK: - Internal

    /// Called when the user taps a post.
    var onSelectPost: ((Post) -> Void)?

    /// Height of a card plus the gap below it.
    static let rowHeight: CGFloat = 200

    let tableView = UITableView(frame: .zero, style: .plain)
    /// The table, as the scroll view that a finger drags.
    var scrollView: UIScrollView { tableView }

    init(posts: [Post]) {
        self.posts = posts
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    /// The card of the post at `row`, if its row is on screen (only those rows have cells).
    func card(atRow row: Int) -> FeedCell? {
        (tableView.cellForRow(at: IndexPath(row: row, section: 0)) as? FeedTableCell)?.card
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        setUpDemoScreen(title: "Feed", trackingScreen: TrackingScreen(screenName: .feed))
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.rowHeight = Self.rowHeight
        tableView.register(FeedTableCell.self, forCellReuseIdentifier: FeedTableCell.reuseIdentifier)
        view.addSubview(tableView)
        let dataSource = UITableViewDiffableDataSource<Int, Post>(tableView: tableView) { [weak self] tableView, indexPath, post in
            let cell = tableView.dequeueReusableCell(withIdentifier: FeedTableCell.reuseIdentifier, for: indexPath)
            if let cell = cell as? FeedTableCell {
                cell.card.post = post
                cell.onTap = { self?.onSelectPost?(post) }
            }
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Post>()
        snapshot.appendSections([0])
        snapshot.appendItems(posts, toSection: 0)
        dataSource.apply(snapshot, animatingDifferences: false)
        self.dataSource = dataSource
    }

    // MARK: - Private

    private let posts: [Post]
    /// The table's data source (the table holds it weakly).
    private var dataSource: UITableViewDiffableDataSource<Int, Post>?
}
