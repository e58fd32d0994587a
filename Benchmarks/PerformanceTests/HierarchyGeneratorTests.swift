import TestSupport
import XCTest
import BenchmarkSupport
import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The generated hierarchies are what the benchmarks claim they are: exact sizes, tracking densities, depth,
/// scrolled-away content, occlusion that matters, and the scanner's answer on each.
final class HierarchyGeneratorTests: HeadlessTestCase {
    func testEveryConfigurationHasItsSizeAndTrackedCount() {
        MainActor.assumeIsolated {
            for configuration in BenchmarkConfiguration.standard where configuration.viewCount <= 1_000 {
                Headless.reset()
                let hierarchy = GeneratedHierarchy(configuration)
                defer { hierarchy.tearDown() }
                XCTAssertEqual(hierarchy.viewCount, configuration.viewCount, configuration.name)
                XCTAssertEqual(FloorScan(window: hierarchy.window).scan(), configuration.viewCount, configuration.name)
                let tracked = configuration.density == .dense ? configuration.viewCount / 20 : 20
                XCTAssertEqual(hierarchy.trackedViews.count, tracked, configuration.name)
                XCTAssertEqual(hierarchy.trackedViews.filter { $0.trackingElement != nil }.count, tracked, configuration.name)
            }
        }
    }

    func testDeepHierarchiesAreAtLeastSixtyLevelsDeep() {
        MainActor.assumeIsolated {
            for viewCount in [100, 1_000, 10_000] {
                Headless.reset()
                let hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .deep, viewCount: viewCount, density: .sparse))
                defer { hierarchy.tearDown() }
                XCTAssertGreaterThanOrEqual(hierarchy.maximumDepth, 60)
                XCTAssertLessThanOrEqual(hierarchy.maximumDepth, 200)
                var depth = 0
                var view: UIView? = hierarchy.trackedViews.max { Self.depth(of: $0) < Self.depth(of: $1) }
                while let current = view, !(current is UIWindow) {
                    depth += 1
                    view = current.superview
                }
                XCTAssertGreaterThan(depth, 10)
            }
        }
    }

    func testScrollHeavyHierarchyScansOnlyWhatItsScrollViewsShow() {
        MainActor.assumeIsolated {
            let hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .scrollHeavy, viewCount: 10_000, density: .dense))
            defer { hierarchy.tearDown() }
            let ours = OurScan(window: hierarchy.window)
            XCTAssertEqual(ours.scan(), hierarchy.expectedVisibleCount)
            // 500 tracked views, of which only those in the few on-screen cards can be visible.
            XCTAssertEqual(hierarchy.trackedViews.count, 500)
            XCTAssertLessThan(hierarchy.expectedVisibleCount, 25)
            XCTAssertLessThan(ours.viewsVisited, hierarchy.viewCount / 10)
        }
    }

    func testTabBarOcclusionChangesTheAnswer() {
        MainActor.assumeIsolated {
            let hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .wide, viewCount: 10_000, density: .dense))
            defer { hierarchy.tearDown() }
            XCTAssertLessThan(hierarchy.expectedVisibleCount, hierarchy.expectedVisibleCountIgnoringOcclusion)
            XCTAssertEqual(OurScan(window: hierarchy.window).scan(), hierarchy.expectedVisibleCount)
        }
    }

    func testAppLikeCoversHideCellsAndTheOracleAgreesWithOurs() {
        MainActor.assumeIsolated {
            for viewCount in [1_000, 10_000] {
                Headless.reset()
                let hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .appLike, viewCount: viewCount, density: .dense))
                defer { hierarchy.tearDown() }
                XCTAssertEqual(hierarchy.viewCount, viewCount)
                let ours = OurScan(window: hierarchy.window)
                XCTAssertEqual(ours.scan(), hierarchy.expectedVisibleCount)
                XCTAssertTrue(hierarchy.oracle.agrees(with: ours.visibleRatios))
                // Track every view of the list (the bars and the overlay stay untracked): the navigation bar's
                // nested background and the overlay's card, buried in untracked containers, hide cells that a
                // scan ignoring occlusion counts.
                let list = hierarchy.rootController.view.subviews.first { $0 is UIScrollView }!
                var all: [UIView] = [list]
                var head = 0
                while head < all.count {
                    all.append(contentsOf: all[head].subviews)
                    head += 1
                }
                for (number, view) in all.dropFirst().enumerated() where view.trackingElement == nil {
                    view.trackingElement = TrackingElement(elementType: "every_view", identifier: "v\(number)")
                }
                let oracle = BruteForceOracle(window: hierarchy.window, minimumVisibleRatio: 0.5, minimumAlpha: 0.01)
                XCTAssertEqual(ours.scan(), oracle.visibleCount)
                XCTAssertTrue(oracle.agrees(with: ours.visibleRatios))
                XCTAssertLessThan(oracle.visibleCount, NaiveScan(window: hierarchy.window).scan())
                for view in all.dropFirst() where view.trackingElement?.elementType == "every_view" { view.trackingElement = nil }
            }
        }
    }

    func testOracleDisagreesWhenACoverIsIgnored() {
        MainActor.assumeIsolated {
            let hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .appLike, viewCount: 1_000, density: .dense))
            defer { hierarchy.tearDown() }
            let ours = OurScan(window: hierarchy.window)
            _ = ours.scan()
            var ratios = ours.visibleRatios
            XCTAssertTrue(hierarchy.oracle.agrees(with: ratios))
            ratios[ratios.keys.sorted()[0]]! -= 0.01
            XCTAssertFalse(hierarchy.oracle.agrees(with: ratios))
        }
    }

    func testSameSeedGivesTheSameHierarchy() {
        MainActor.assumeIsolated {
            let configuration = BenchmarkConfiguration(shape: .scrollHeavy, viewCount: 1_000, density: .dense)
            let first = GeneratedHierarchy(configuration)
            let firstFrames = first.trackedViews.map { $0.convert($0.bounds, to: nil) }
            first.tearDown()
            Headless.reset()
            let second = GeneratedHierarchy(configuration)
            defer { second.tearDown() }
            XCTAssertEqual(second.trackedViews.map { $0.convert($0.bounds, to: nil) }, firstFrames)
            XCTAssertEqual(second.expectedVisibleCount, first.expectedVisibleCount)
        }
    }

    func testTornDownHierarchyIsReleased() {
        MainActor.assumeIsolated {
            weak var window: UIWindow?
            weak var controller: UIViewController?
            weak var deepestTracked: UIView?
            do {
                let hierarchy = GeneratedHierarchy(BenchmarkConfiguration(shape: .deep, viewCount: 10_000, density: .dense))
                window = hierarchy.window
                controller = hierarchy.rootController
                deepestTracked = hierarchy.trackedViews.max { Self.depth(of: $0) < Self.depth(of: $1) }
                XCTAssertEqual(OurScan(window: hierarchy.window).scan(), hierarchy.expectedVisibleCount)
                hierarchy.tearDown()
            }
            Headless.reset()
            XCTAssertNil(window)
            XCTAssertNil(controller)
            XCTAssertNil(deepestTracked)
        }
    }

    // MARK: - Private

    @MainActor
    private static func depth(of view: UIView) -> Int {
        var depth = 0
        var current = view.superview
        while let ancestor = current {
            depth += 1
            current = ancestor.superview
        }
        return depth
    }
}
