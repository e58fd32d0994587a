import TestSupport
import XCTest
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

// MARK: - A grid written as on iOS

/// A cell subclass as an iOS app writes it; it counts its reuses.
private final class TileCell: UICollectionViewCell {
    static let reuseIdentifier = "tile"
    private(set) var reuseCount = 0
    var title: String?

    override init(frame: CGRect) {
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
        title = nil
    }
}

/// A data source and delegate as an iOS app writes them; it logs the delegate's calls.
private final class TilesDataSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    let count: Int
    var log: [String] = []
    private(set) var cellsRequested = 0

    init(count: Int) {
        self.count = count
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        cellsRequested += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: TileCell.reuseIdentifier, for: indexPath)
        (cell as? TileCell)?.title = "Tile \(indexPath.item)"
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                        forItemAt indexPath: IndexPath) {
        log.append("willDisplay \(indexPath.item)")
    }

    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
                        forItemAt indexPath: IndexPath) {
        log.append("didEndDisplaying \(indexPath.item)")
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.item)")
    }

    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        log.append("didDeselect \(indexPath.item)")
    }
}

/// A flow-layout delegate sizing every third item twice as tall.
private final class SizingDelegate: NSObject, UICollectionViewDelegateFlowLayout {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        CGSize(width: 400, height: indexPath.item.isMultiple(of: 3) ? 200 : 100)
    }
}

/// UICollectionView with a flow layout on Linux: geometry, lazy cells, reuse, scrolling to an item and
/// selection through a real touch (acceptance 65, the HeadlessUIKit half).
final class CollectionViewTests: HeadlessTestCase {
    /// Like an app's scene delegate, the test keeps its window alive.
    @MainActor private static var window: UIWindow?

    override func tearDown() {
        MainActor.assumeIsolated { Self.window = nil }
        super.tearDown()
    }

    /// A grid filling a 400 x 800 window: by default two 200 x 100 tiles per line, 100-point lines, no slack
    /// to spread.
    @MainActor
    private static func makeGrid(items: Int, layout: UICollectionViewFlowLayout = tiles()) -> (UICollectionView, TilesDataSource) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.makeKeyAndVisible()
        Self.window = window
        let grid = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        grid.register(TileCell.self, forCellWithReuseIdentifier: TileCell.reuseIdentifier)
        let source = TilesDataSource(count: items)
        grid.dataSource = source
        grid.delegate = source
        window.addSubview(grid)
        Headless.runUpdateCycle()
        return (grid, source)
    }

    /// Two 200 x 100 tiles per line of a 400-point-wide view, no spacing.
    @MainActor
    private static func tiles() -> UICollectionViewFlowLayout {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 200, height: 100)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        return layout
    }

    func testFlowLayoutPlacesItemsInLinesWithSpacingAndInsets() {
        MainActor.assumeIsolated {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 50)
            layout.minimumLineSpacing = 20
            layout.minimumInteritemSpacing = 10
            layout.sectionInset = UIEdgeInsets(top: 5, left: 40, bottom: 15, right: 40)
            let (grid, _) = Self.makeGrid(items: 7, layout: layout)
            // 320 points of width hold three 100-point items with 10 between; the 10 left over spread them.
            let frames = (0..<7).map { grid.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
            XCTAssertEqual(frames, [
                CGRect(x: 40, y: 5, width: 100, height: 50), CGRect(x: 150, y: 5, width: 100, height: 50),
                CGRect(x: 260, y: 5, width: 100, height: 50), CGRect(x: 40, y: 75, width: 100, height: 50),
                CGRect(x: 150, y: 75, width: 100, height: 50), CGRect(x: 260, y: 75, width: 100, height: 50),
                CGRect(x: 150, y: 145, width: 100, height: 50),
            ])
            XCTAssertEqual(grid.contentSize, CGSize(width: 400, height: 210))
            XCTAssertNil(grid.layoutAttributesForItem(at: IndexPath(item: 7, section: 0)))

            layout.scrollDirection = .horizontal
            Headless.runUpdateCycle()
            // One column of 7 down 780 points: the 430 left over spread them to both ends.
            XCTAssertEqual(grid.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame,
                           CGRect(x: 40, y: 55 + CGFloat(430) / 6, width: 100, height: 50))
            XCTAssertEqual(grid.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.frame,
                           CGRect(x: 40, y: 735, width: 100, height: 50))
            XCTAssertEqual(grid.contentSize, CGSize(width: 180, height: 800))
        }
    }

    func testCellsExistOnlyForVisibleItemsAndAreReusedWhileScrolling() {
        MainActor.assumeIsolated {
            let (grid, source) = Self.makeGrid(items: 400)
            XCTAssertEqual(grid.contentSize, CGSize(width: 400, height: 20_000))
            XCTAssertEqual(grid.indexPathsForVisibleItems.map(\.item), Array(0..<16))
            XCTAssertEqual(source.log, (0..<16).map { "willDisplay \($0)" })

            // Held, so that an identifier is never reused by a later allocation.
            var created: [ObjectIdentifier: UICollectionViewCell] = [:]
            for step in 1...100 {
                grid.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 50)
                Headless.runUpdateCycle()
                grid.visibleCells.forEach { created[ObjectIdentifier($0)] = $0 }
                let firstLine = step / 2
                let lines = step.isMultiple(of: 2) ? 8 : 9
                XCTAssertEqual(grid.indexPathsForVisibleItems.map(\.item), Array((firstLine * 2)..<((firstLine + lines) * 2)))
                XCTAssertEqual(grid.subviews.compactMap { $0 as? UICollectionViewCell }.count, lines * 2)
            }
            XCTAssertEqual(grid.contentOffset.y, 5_000)
            XCTAssertEqual(created.count, 18, "a 5,000-point scroll over 116 items needs only a screenful of cells")
            XCTAssertEqual(source.cellsRequested, 116)
            let reuses = grid.visibleCells.compactMap { $0 as? TileCell }.map(\.reuseCount).reduce(0, +)
            XCTAssertGreaterThan(reuses, 0)
            for cell in grid.visibleCells {
                let path = grid.indexPath(for: cell)!
                XCTAssertEqual(cell.frame, grid.layoutAttributesForItem(at: path)?.frame)
                XCTAssertEqual((cell as? TileCell)?.title, "Tile \(path.item)")
                XCTAssertTrue(grid.cellForItem(at: path) === cell)
            }
        }
    }

    func testDisplayCallbacksComeInUIKitsOrder() {
        MainActor.assumeIsolated {
            let (grid, source) = Self.makeGrid(items: 40)
            source.log.removeAll()
            grid.contentOffset = CGPoint(x: 0, y: 150)
            Headless.runUpdateCycle()
            XCTAssertEqual(source.log, ["didEndDisplaying 0", "didEndDisplaying 1",
                                        "willDisplay 16", "willDisplay 17", "willDisplay 18", "willDisplay 19"])
        }
    }

    func testScrollToItemShowsItAtThePositionClampedToTheContent() {
        MainActor.assumeIsolated {
            let (grid, _) = Self.makeGrid(items: 40)
            grid.scrollToItem(at: IndexPath(item: 21, section: 0), at: .top, animated: true)
            XCTAssertEqual(grid.contentOffset.y, 1_000)
            grid.scrollToItem(at: IndexPath(item: 39, section: 0), at: .top, animated: false)
            XCTAssertEqual(grid.contentOffset.y, 1_200, "clamped to the end of the content")
            grid.scrollToItem(at: IndexPath(item: 10, section: 0), at: .centeredVertically, animated: false)
            XCTAssertEqual(grid.contentOffset.y, 150)
            grid.scrollToItem(at: IndexPath(item: 4, section: 0), at: [], animated: false)
            XCTAssertEqual(grid.contentOffset.y, 150, "already fully visible: no scrolling")
            grid.scrollToItem(at: IndexPath(item: 2, section: 0), at: [], animated: false)
            XCTAssertEqual(grid.contentOffset.y, 100)
            Headless.runUpdateCycle()
            XCTAssertEqual(grid.indexPathsForVisibleItems.first?.item, 2)
        }
    }

    func testATapOnAnItemSelectsItThroughTheDelegate() {
        MainActor.assumeIsolated {
            let (grid, source) = Self.makeGrid(items: 40)
            source.log.removeAll()
            Headless.tap(at: CGPoint(x: 300, y: 250), in: Self.window!)
            Headless.settle()
            Headless.tap(at: CGPoint(x: 100, y: 50), in: Self.window!)
            Headless.settle()
            XCTAssertEqual(source.log, ["didSelect 5", "didDeselect 5", "didSelect 0"])
            XCTAssertEqual(grid.indexPathsForSelectedItems, [IndexPath(item: 0, section: 0)])
            XCTAssertEqual(grid.cellForItem(at: IndexPath(item: 0, section: 0))?.isSelected, true)
            XCTAssertEqual(grid.cellForItem(at: IndexPath(item: 5, section: 0))?.isSelected, false)
        }
    }

    func testMisuseIsADiagnosticNotACrash() {
        MainActor.assumeIsolated {
            let (grid, _) = Self.makeGrid(items: 40)
            let stray = grid.dequeueReusableCell(withReuseIdentifier: "never-registered", for: IndexPath(item: 0, section: 0))
            XCTAssertEqual(stray.reuseIdentifier, "never-registered")
            grid.scrollToItem(at: IndexPath(item: 99, section: 0), at: .top, animated: false)
            grid.scrollToItem(at: IndexPath(item: 0, section: 3), at: .top, animated: false)
            grid.scrollToItem(at: IndexPath(index: 2), at: .top, animated: false)
            XCTAssertEqual(grid.contentOffset, .zero)

            let empty = UICollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 400),
                                         collectionViewLayout: UICollectionViewFlowLayout())
            Self.window?.addSubview(empty)
            let source = UICollectionViewDiffableDataSource<Int, Int>(collectionView: empty) { _, _, _ in nil }
            var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendItems([1], toSection: 7)
            snapshot.appendSections([0, 0])
            snapshot.appendItems([1, 2])
            snapshot.reloadItems([42])
            XCTAssertEqual(snapshot.sectionIdentifiers, [0])
            source.apply(snapshot, animatingDifferences: false)
            XCTAssertEqual(empty.visibleCells.count, 2, "a cell provider returning nil still gets a placeholder cell")
        }
    }

    func testTheFlowDelegateSizesItemsEvenWhenSetAfterTheFirstLayout() {
        MainActor.assumeIsolated {
            let (grid, _) = Self.makeGrid(items: 6)
            XCTAssertEqual(grid.contentSize.height, 300)
            let sizing = SizingDelegate()
            grid.delegate = sizing
            Headless.runUpdateCycle()
            XCTAssertEqual(grid.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame,
                           CGRect(x: 0, y: 400, width: 400, height: 200))
            XCTAssertEqual(grid.contentSize.height, 800)
        }
    }
}
