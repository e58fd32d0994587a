#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The feed: a table of post cards, with reused cells as a real feed has. Tapping one reports the post to the
/// flow.
final class FeedViewController: UIViewController, UITableViewDataSource {
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
        tableView.dataSource = self
        view.addSubview(tableView)
    }

    // MARK: - UITableViewDataSource

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        posts.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: FeedTableCell.reuseIdentifier, for: indexPath)
        let post = posts[indexPath.row]
        if let cell = cell as? FeedTableCell {
            cell.card.post = post
            cell.onTap = { [weak self] in self?.onSelectPost?(post) }
        }
        return cell
    }

    // MARK: - Private

    private let posts: [Post]
}
