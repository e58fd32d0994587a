import TestSupport
import XCTest
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

// MARK: - A table written as on iOS

/// A cell subclass as an iOS app writes it; it counts its reuses.
private final class CountingCell: UITableViewCell {
    static let reuseIdentifier = "counting"
    private(set) var reuseCount = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
    }
}

/// A data source and delegate as an iOS app writes them; it logs the delegate's calls.
private final class RowsDataSource: NSObject, UITableViewDataSource, UITableViewDelegate {
    var rows: [Int]
    var log: [String] = []
    private(set) var cellsRequested = 0

    init(rows: Int) {
        self.rows = Array(0..<rows)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellsRequested += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: CountingCell.reuseIdentifier, for: indexPath)
        cell.textLabel?.text = "Row \(rows[indexPath.row])"
        return cell
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        log.append("willDisplay \(indexPath.row)")
    }

    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        log.append("didEndDisplaying \(indexPath.row)")
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.row)")
    }
}

/// UITableView on Linux: lazy cells, reuse, geometry, updates and selection through a real touch
/// (acceptance 64, the HeadlessUIKit half).
final class TableViewTests: HeadlessTestCase {
    /// Like an app's scene delegate, the test keeps its window alive.
    @MainActor private static var window: UIWindow?

    override func tearDown() {
        MainActor.assumeIsolated { Self.window = nil }
        super.tearDown()
    }

    @MainActor
    private static func makeTable(rows: Int) -> (UITableView, RowsDataSource) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.makeKeyAndVisible()
        Self.window = window
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(CountingCell.self, forCellReuseIdentifier: CountingCell.reuseIdentifier)
        table.rowHeight = 100
        let source = RowsDataSource(rows: rows)
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        Headless.runUpdateCycle()
        return (table, source)
    }

    func testIndexPathIsSectionThenRow() {
        let path = IndexPath(row: 3, section: 1)
        XCTAssertEqual(Array(path), [1, 3])
        XCTAssertEqual(path.item, 3)
        XCTAssertEqual(IndexPath(item: 2, section: 0), IndexPath(row: 2, section: 0))
    }

    func testCellsExistOnlyForVisibleRowsAndAreReusedWhileScrolling() {
        MainActor.assumeIsolated {
            let (table, source) = Self.makeTable(rows: 200)
            XCTAssertEqual(table.contentSize, CGSize(width: 400, height: 20_000))
            XCTAssertEqual(table.indexPathsForVisibleRows?.map(\.row), Array(0..<8))
            XCTAssertEqual(source.log, (0..<8).map { "willDisplay \($0)" })

            // Held, so that an identifier is never reused by a later allocation.
            var created: [ObjectIdentifier: UITableViewCell] = [:]
            for step in 1...100 {
                table.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 50)
                Headless.runUpdateCycle()
                table.visibleCells.forEach { created[ObjectIdentifier($0)] = $0 }
                let first = step / 2
                let expected = Array(first..<(first + (step.isMultiple(of: 2) ? 8 : 9)))
                XCTAssertEqual(table.indexPathsForVisibleRows?.map(\.row), expected)
                XCTAssertEqual(table.subviews.compactMap { $0 as? UITableViewCell }.count, expected.count)
            }
            XCTAssertEqual(table.contentOffset.y, 5000)
            XCTAssertEqual(created.count, 9, "a 5,000-point scroll over 58 rows needs only a screenful of cells")
            XCTAssertEqual(source.cellsRequested, 58)
            let reuses = table.visibleCells.compactMap { $0 as? CountingCell }.map(\.reuseCount).reduce(0, +)
            XCTAssertGreaterThan(reuses, 0)
            for cell in table.visibleCells {
                let path = table.indexPath(for: cell)!
                XCTAssertEqual(cell.frame, table.rectForRow(at: path))
                XCTAssertEqual(cell.textLabel?.text, "Row \(path.row)")
                XCTAssertTrue(table.cellForRow(at: path) === cell)
            }
        }
    }

    func testDisplayCallbacksComeInUIKitsOrder() {
        MainActor.assumeIsolated {
            let (table, source) = Self.makeTable(rows: 20)
            source.log.removeAll()
            table.contentOffset = CGPoint(x: 0, y: 150)
            Headless.runUpdateCycle()
            XCTAssertEqual(source.log, ["didEndDisplaying 0", "willDisplay 8", "willDisplay 9"])
        }
    }

    func testScrollToRowClampsToTheContent() {
        MainActor.assumeIsolated {
            let (table, _) = Self.makeTable(rows: 20)
            table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .top, animated: true)
            XCTAssertEqual(table.contentOffset.y, 1000)
            table.scrollToRow(at: IndexPath(row: 19, section: 0), at: .top, animated: false)
            XCTAssertEqual(table.contentOffset.y, 1200)
            table.scrollToRow(at: IndexPath(row: 2, section: 0), at: .none, animated: false)
            XCTAssertEqual(table.contentOffset.y, 200)
            Headless.runUpdateCycle()
            XCTAssertEqual(table.indexPathsForVisibleRows?.first?.row, 2)
        }
    }

    func testInsertDeleteAndReloadKeepCellsOnTheirRows() {
        MainActor.assumeIsolated {
            let (table, source) = Self.makeTable(rows: 20)
            let cellOfRow1 = table.cellForRow(at: IndexPath(row: 1, section: 0))
            var completed = false
            table.performBatchUpdates({
                source.rows.insert(100, at: 0)
                table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
            }, completion: { completed = $0 })
            XCTAssertTrue(completed)
            XCTAssertTrue(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cellOfRow1)
            XCTAssertEqual(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text, "Row 100")

            source.log.removeAll()
            source.rows.remove(at: 0)
            table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            Headless.runUpdateCycle()
            XCTAssertTrue(table.cellForRow(at: IndexPath(row: 1, section: 0)) === cellOfRow1)
            XCTAssertEqual(source.log, ["didEndDisplaying 0", "willDisplay 7"])

            source.rows[1] = 42
            table.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .none)
            Headless.runUpdateCycle()
            XCTAssertEqual(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text, "Row 42")
            XCTAssertEqual(table.numberOfRows(inSection: 0), 20)
            XCTAssertEqual(table.numberOfSections, 1)
        }
    }

    func testATapOnARowSelectsItThroughTheDelegate() {
        MainActor.assumeIsolated {
            let (table, source) = Self.makeTable(rows: 20)
            source.log.removeAll()
            Headless.tap(at: CGPoint(x: 200, y: 250), in: Self.window!)
            Headless.settle()
            XCTAssertEqual(source.log, ["didSelect 2"])
            XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 2, section: 0))
            XCTAssertEqual(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected, true)
        }
    }
}
