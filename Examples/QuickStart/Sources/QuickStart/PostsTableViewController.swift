import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A list of posts as a plain UITableView: reused cells, each tracked by the post it shows. The same code
/// type-checks against iOS and runs on Linux under HeadlessUIKit.
final class PostsTableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let posts: [String]
    private let tableView = UITableView(frame: .zero, style: .plain)

    init(posts: [String]) {
        self.posts = posts
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.register(PostCell.self, forCellReuseIdentifier: PostCell.reuseIdentifier)
        tableView.rowHeight = 88
        tableView.dataSource = self
        tableView.delegate = self
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        posts.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: PostCell.reuseIdentifier, for: indexPath)
        cell.textLabel?.text = posts[indexPath.row]
        // The component is the post, not the cell: a reused cell showing another post is a new impression.
        cell.trackingElement = TrackingElement(elementType: "post_row", identifier: "\(indexPath.row)")
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

/// A post's row.
final class PostCell: UITableViewCell {
    static let reuseIdentifier = "post"

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        textLabel?.text = nil
    }
}
