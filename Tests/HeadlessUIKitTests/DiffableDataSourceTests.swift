import TestSupport
import XCTest
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

private final class NameCell: UICollectionViewCell {
    var name: String?
}

private final class NameRow: UITableViewCell {}

/// Diffable data sources on Linux: one snapshot drives a table and a collection view; applying keeps the
/// cells of items still present and asks again only for new or reloaded ones (acceptance 65).
final class DiffableDataSourceTests: HeadlessTestCase {
    @MainActor private static var window: UIWindow?

    override func tearDown() {
        MainActor.assumeIsolated { Self.window = nil }
        super.tearDown()
    }

    func testSnapshotKeepsSectionsAndItemsInOrder() {
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2], toSection: "a")
        snapshot.appendItems([3, 4, 5])
        snapshot.appendItems([2])
        XCTAssertEqual(snapshot.sectionIdentifiers, ["a", "b"])
        XCTAssertEqual(snapshot.itemIdentifiers, [1, 2, 3, 4, 5], "a duplicate is ignored")
        XCTAssertEqual(snapshot.itemIdentifiers(inSection: "b"), [3, 4, 5])
        XCTAssertEqual(snapshot.numberOfItems(inSection: "a"), 2)
        XCTAssertEqual(snapshot.numberOfItems, 5)
        XCTAssertEqual(snapshot.numberOfSections, 2)
        snapshot.deleteItems([1, 4])
        XCTAssertEqual(snapshot.itemIdentifiers, [2, 3, 5])
        XCTAssertEqual(snapshot.sectionIdentifier(containingItem: 5), "b")
        XCTAssertEqual(snapshot.indexOfItem(5), 2)
    }

    func testDeletingASectionDropsTheReloadMarksOfItsItems() {
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1], toSection: "a")
        snapshot.appendItems([2, 3], toSection: "b")
        snapshot.reloadItems([1, 2])
        snapshot.deleteSections(["b"])
        snapshot.appendSections(["b"])
        snapshot.appendItems([2, 3], toSection: "b")
        XCTAssertEqual(snapshot.reloadedItemIdentifiers, [1], "item 2 came back as a new item, not a reloaded one")
    }

    func testOneSnapshotDrivesATableAndACollectionView() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.makeKeyAndVisible()
            Self.window = window
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 400), style: .plain)
            table.register(NameRow.self, forCellReuseIdentifier: "row")
            table.rowHeight = 100
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 400, height: 100)
            layout.minimumLineSpacing = 0
            let grid = UICollectionView(frame: CGRect(x: 0, y: 400, width: 400, height: 400), collectionViewLayout: layout)
            grid.register(NameCell.self, forCellWithReuseIdentifier: "cell")
            window.addSubview(table)
            window.addSubview(grid)
            var rowRequests: [String] = []
            var cellRequests: [String] = []
            let rows = UITableViewDiffableDataSource<Int, String>(tableView: table) { tableView, indexPath, name in
                rowRequests.append(name)
                let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                cell.textLabel?.text = name
                return cell
            }
            let cells = UICollectionViewDiffableDataSource<Int, String>(collectionView: grid) { collectionView, indexPath, name in
                cellRequests.append(name)
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
                (cell as? NameCell)?.name = name
                return cell
            }
            XCTAssertTrue(table.dataSource === rows)
            XCTAssertTrue(grid.dataSource === cells)

            var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(["ann", "bob", "cy", "dee", "eve", "fay"])
            var completions = 0
            rows.apply(snapshot, animatingDifferences: false) { completions += 1 }
            cells.apply(snapshot, animatingDifferences: false) { completions += 1 }
            XCTAssertEqual(completions, 2)
            XCTAssertEqual(rowRequests, ["ann", "bob", "cy", "dee"])
            XCTAssertEqual(cellRequests, ["ann", "bob", "cy", "dee"])
            XCTAssertEqual(table.numberOfRows(inSection: 0), 6)
            XCTAssertEqual(grid.numberOfItems(inSection: 0), 6)

            // Deleting "bob" and reloading "dee": the others keep their cells at their new rows.
            let annRow = table.cellForRow(at: IndexPath(row: 0, section: 0))
            let cyRow = table.cellForRow(at: IndexPath(row: 2, section: 0))
            let cyCell = grid.cellForItem(at: IndexPath(item: 2, section: 0))
            rowRequests.removeAll()
            cellRequests.removeAll()
            snapshot.deleteItems(["bob"])
            snapshot.reloadItems(["dee"])
            rows.apply(snapshot)
            cells.apply(snapshot)
            XCTAssertEqual(rowRequests, ["dee", "eve"])
            XCTAssertEqual(cellRequests, ["dee", "eve"])
            XCTAssertTrue(table.cellForRow(at: IndexPath(row: 0, section: 0)) === annRow)
            XCTAssertTrue(table.cellForRow(at: IndexPath(row: 1, section: 0)) === cyRow)
            XCTAssertTrue(grid.cellForItem(at: IndexPath(item: 1, section: 0)) === cyCell)
            XCTAssertEqual(table.visibleCells.map { $0.textLabel?.text }, ["ann", "cy", "dee", "eve"])
            XCTAssertEqual(grid.visibleCells.map { ($0 as? NameCell)?.name }, ["ann", "cy", "dee", "eve"])

            XCTAssertEqual(cells.itemIdentifier(for: IndexPath(item: 1, section: 0)), "cy")
            XCTAssertEqual(rows.indexPath(for: "fay"), IndexPath(row: 4, section: 0))
            XCTAssertNil(rows.indexPath(for: "bob"))
            XCTAssertEqual(cells.snapshot().itemIdentifiers, ["ann", "cy", "dee", "eve", "fay"])
            XCTAssertEqual(rows.snapshot().reloadedItemIdentifiers, [], "an applied snapshot's reloads are spent")
        }
    }
}
