#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// An app-like screen built the way an app builds a list: a `UITableView` of 1,000 rows with a registered cell
/// class, each cell a tracked card holding a title, a subtitle and an image, scrolled to the middle of the list so
/// that reused cells show; in a key window of the phone's size.
@MainActor
final class TableViewWorkload: NSObject, UITableViewDataSource {
    // MARK: - Internal

    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
    let rowCount: Int

    init(rowCount: Int) {
        self.rowCount = rowCount
        super.init()
        let controller = UIViewController()
        controller.trackingScreen = TrackingScreen(screenName: "catalogue")
        window.rootViewController = controller
        tableView.rowHeight = 88
        tableView.register(TableViewWorkloadCell.self, forCellReuseIdentifier: TableViewWorkloadCell.identifier)
        tableView.dataSource = self
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        controller.view.addSubview(tableView)
        window.makeKeyAndVisible()
        tableView.layoutIfNeeded()
        tableView.scrollToRow(at: IndexPath(row: rowCount / 2, section: 0), at: .middle, animated: false)
        tableView.layoutIfNeeded()
    }

    /// Views in the window's hierarchy now (cells exist only for the rows on screen).
    var viewCount: Int {
        func count(_ view: UIView) -> Int { 1 + view.subviews.reduce(0) { $0 + count($1) } }
        return count(window)
    }

    func tearDown() {
        window.isHidden = true
        window.rootViewController = nil
    }

    // MARK: - UITableViewDataSource

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rowCount
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: TableViewWorkloadCell.identifier, for: indexPath)
        cell.contentView.trackingElement = TrackingElement(elementType: "product", identifier: "product-\(indexPath.row)")
        cell.textLabel?.text = "Product \(indexPath.row)"
        return cell
    }
}

/// A catalogue row: the cell's own label and a subtitle and an image of its own.
final class TableViewWorkloadCell: UITableViewCell {
    static let identifier = "product"

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        let image = UIImageView(frame: CGRect(x: 320, y: 12, width: 56, height: 56))
        image.backgroundColor = .gray
        contentView.addSubview(image)
        let badge = UILabel(frame: CGRect(x: 240, y: 30, width: 60, height: 20))
        badge.text = "New"
        contentView.addSubview(badge)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }
}
