import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

// MARK: - A catalogue written as on iOS

private final class ProductCell: UICollectionViewCell {
    static let reuseIdentifier = "product"

    override init(frame: CGRect) {
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A grid of products with a diffable data source, as an iOS app writes it.
private final class CatalogueController: UIViewController {
    let productCount: Int
    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
    /// Every cell handed out, held so that an identifier is never reused by a later allocation.
    private(set) var createdCells: [ObjectIdentifier: UICollectionViewCell] = [:]

    init(productCount: Int) {
        self.productCount = productCount
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 200, height: 200)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.register(ProductCell.self, forCellWithReuseIdentifier: ProductCell.reuseIdentifier)
        view.addSubview(collectionView)
        self.collectionView = collectionView
        dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { [weak self] collectionView, indexPath, product in
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: ProductCell.reuseIdentifier, for: indexPath)
            self?.createdCells[ObjectIdentifier(cell)] = cell
            cell.trackingElement = TrackingElement(elementType: "product", identifier: "\(product)")
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(1_000..<(1_000 + productCount)))
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}

/// Acceptance 65, the tracker's half: a collection view scrolled to an item shows it and the tracker
/// counts it, by the product its reused cell shows.
final class CollectionViewTrackingTests: HeadlessTestCase {
    @MainActor private static var window: UIWindow?

    override func tearDown() {
        MainActor.assumeIsolated { Self.window = nil }
        super.tearDown()
    }

    func testEachItemIsOneImpressionPerSpanThoughCellsAreReused() {
        MainActor.assumeIsolated {
            let catalogue = CatalogueController(productCount: 1_000)
            catalogue.trackingScreen = TrackingScreen(screenName: "catalogue")
            let harness = ListTrackingHarness(showing: catalogue)
            Self.window = harness.window

            var impressions = harness.scan()
            for step in 1...25 {
                catalogue.collectionView.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 200)
                impressions += harness.scan()
            }
            XCTAssertEqual(catalogue.collectionView.contentOffset.y, 5_000)
            XCTAssertEqual(impressions, ["screen_view catalogue 1.0"]
                + (1_000..<1_058).map { "impression product#\($0) @catalogue 1.0" })
            XCTAssertEqual(catalogue.createdCells.count, 8, "one screenful of cells serves 58 products")
            XCTAssertEqual(catalogue.collectionView.visibleCells.count, 8)

            // Scrolling back: the products that left their span are new impressions; those still on screen are not.
            catalogue.collectionView.contentOffset = CGPoint(x: 0, y: 4_600)
            XCTAssertEqual(harness.scan(), (1_046..<1_050).map { "impression product#\($0) @catalogue 1.0" })
        }
    }

    func testScrollToItemShowsTheItemAndTheTrackerCountsIt() {
        MainActor.assumeIsolated {
            let catalogue = CatalogueController(productCount: 500)
            catalogue.trackingScreen = TrackingScreen(screenName: "catalogue")
            let harness = ListTrackingHarness(showing: catalogue)
            Self.window = harness.window

            XCTAssertEqual(harness.scan(), ["screen_view catalogue 1.0"] + (1_000..<1_008).map { "impression product#\($0) @catalogue 1.0" })

            // Item 301 is on line 150 (y 30,000); centred, lines 148 to 152 show, 149 to 151 whole.
            let target = IndexPath(item: 301, section: 0)
            catalogue.collectionView.scrollToItem(at: target, at: .centeredVertically, animated: true)
            XCTAssertEqual(catalogue.collectionView.contentOffset.y, 29_700)
            let impressions = harness.scan()
            XCTAssertTrue(impressions.contains("impression product#1301 @catalogue 1.0"))
            XCTAssertEqual(impressions, (1_296..<1_306).map {
                "impression product#\($0) @catalogue \((1_298..<1_304).contains($0) ? "1.0" : "0.5")"
            })
            XCTAssertNotNil(catalogue.collectionView.cellForItem(at: target))
            XCTAssertTrue(catalogue.collectionView.indexPathsForVisibleItems.contains(target))
            XCTAssertEqual(catalogue.createdCells.count, 10, "the first screen's 8 cells reused, 2 more for the 10 items shown")
            XCTAssertEqual(harness.scan(), [], "an item still on screen is one span")
        }
    }
}
