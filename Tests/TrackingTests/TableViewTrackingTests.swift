import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

// MARK: - A feed written as on iOS

private final class FeedRowCell: UITableViewCell {
    static let reuseIdentifier = "feed_row"

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

private final class FeedTableController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let rowCount: Int
    private(set) var tableView: UITableView!
    /// Every cell handed out, held so that an identifier is never reused by a later allocation.
    private(set) var createdCells: [ObjectIdentifier: UITableViewCell] = [:]

    init(rowCount: Int) {
        self.rowCount = rowCount
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let tableView = UITableView(frame: view.bounds, style: .plain)
        tableView.register(FeedRowCell.self, forCellReuseIdentifier: FeedRowCell.reuseIdentifier)
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.rowHeight = 100
        tableView.dataSource = self
        tableView.delegate = self
        view.addSubview(tableView)
        self.tableView = tableView
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rowCount
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: FeedRowCell.reuseIdentifier, for: indexPath)
        createdCells[ObjectIdentifier(cell)] = cell
        cell.textLabel?.text = "Post \(indexPath.row)"
        cell.trackingElement = TrackingElement(elementType: "feed_row", identifier: "\(indexPath.row)")
        return cell
    }
}

/// Acceptance 64, the tracker's half: a real table's reused cells are tracked per row, once per span.
final class TableViewTrackingTests: HeadlessTestCase {
    @MainActor private static var window: UIWindow?

    override func tearDown() {
        MainActor.assumeIsolated { Self.window = nil }
        super.tearDown()
    }

    func testEachRowIsOneImpressionPerSpanThoughCellsAreReused() {
        MainActor.assumeIsolated {
            let feed = FeedTableController(rowCount: 1_000)
            feed.trackingScreen = TrackingScreen(screenName: "feed")
            let harness = ListTrackingHarness(showing: feed)
            Self.window = harness.window

            var impressions = harness.scan()
            for step in 1...50 {
                feed.tableView.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 100)
                impressions += harness.scan()
            }
            XCTAssertEqual(feed.tableView.contentOffset.y, 5_000)
            XCTAssertEqual(impressions, ["screen_view feed 1.0"] + (0..<58).map { "impression feed_row#\($0) @feed 1.0" })
            XCTAssertLessThan(feed.createdCells.count, 58)
            XCTAssertEqual(feed.createdCells.count, 8, "one screenful of cells serves 58 rows")
            XCTAssertEqual(feed.tableView.visibleCells.count, 8)

            // Scrolling back: the rows left their span, so they are new impressions; the rows that
            // stayed on screen are not.
            feed.tableView.contentOffset = CGPoint(x: 0, y: 4_700)
            XCTAssertEqual(harness.scan(), (47..<50).map { "impression feed_row#\($0) @feed 1.0" })
        }
    }
}
