import TestSupport
import XCTest
import BenchmarkSupport
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Benchmarks of one full scan by the Tracking scanner, one test per generated configuration.
/// Each test first checks that the scanner gives the brute-force oracle's visible views and ratios and that
/// the naive scan, the per-view scan and the floors give the generator's answer, then measures the scan and
/// checks every measured scan's answer too. On Apple platforms that is XCTest's `measure {}` (Xcode keeps
/// baselines); elsewhere ten scans are timed by hand and printed, because swift-corelibs-xctest fails
/// `measure {}` when its runs vary by more than 10 %, which a busy machine decides. No timing is asserted;
/// the release-mode comparison is `swift run -c release ScanBenchmark`.
final class ScanPerformanceTests: HeadlessTestCase {
    // MARK: - 100 views

    func testWide100Dense() { measureScan(.wide, 100, .dense) }
    func testWide100Sparse() { measureScan(.wide, 100, .sparse) }
    func testDeep100Dense() { measureScan(.deep, 100, .dense) }
    func testDeep100Sparse() { measureScan(.deep, 100, .sparse) }
    func testScroll100Dense() { measureScan(.scrollHeavy, 100, .dense) }
    func testScroll100Sparse() { measureScan(.scrollHeavy, 100, .sparse) }
    func testApp100Dense() { measureScan(.appLike, 100, .dense) }
    func testApp100Sparse() { measureScan(.appLike, 100, .sparse) }

    // MARK: - 1,000 views

    func testWide1000Dense() { measureScan(.wide, 1_000, .dense) }
    func testWide1000Sparse() { measureScan(.wide, 1_000, .sparse) }
    func testDeep1000Dense() { measureScan(.deep, 1_000, .dense) }
    func testDeep1000Sparse() { measureScan(.deep, 1_000, .sparse) }
    func testScroll1000Dense() { measureScan(.scrollHeavy, 1_000, .dense) }
    func testScroll1000Sparse() { measureScan(.scrollHeavy, 1_000, .sparse) }
    func testApp1000Dense() { measureScan(.appLike, 1_000, .dense) }
    func testApp1000Sparse() { measureScan(.appLike, 1_000, .sparse) }

    // MARK: - 10,000 views

    func testWide10000Dense() { measureScan(.wide, 10_000, .dense) }
    func testWide10000Sparse() { measureScan(.wide, 10_000, .sparse) }
    func testDeep10000Dense() { measureScan(.deep, 10_000, .dense) }
    func testDeep10000Sparse() { measureScan(.deep, 10_000, .sparse) }
    func testScroll10000Dense() { measureScan(.scrollHeavy, 10_000, .dense) }
    func testScroll10000Sparse() { measureScan(.scrollHeavy, 10_000, .sparse) }
    func testApp10000Dense() { measureScan(.appLike, 10_000, .dense) }
    func testApp10000Sparse() { measureScan(.appLike, 10_000, .sparse) }

    // MARK: - Private

    private func measureScan(
        _ shape: HierarchyShape, _ viewCount: Int, _ density: TrackingDensity,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        MainActor.assumeIsolated {
            let configuration = BenchmarkConfiguration(shape: shape, viewCount: viewCount, density: density)
            let hierarchy = GeneratedHierarchy(configuration)
            defer { hierarchy.tearDown() }
            let ours = OurScan(window: hierarchy.window)
            let expected = hierarchy.expectedVisibleCount
            XCTAssertEqual(ours.scan(), expected, "ours", file: file, line: line)
            XCTAssertTrue(hierarchy.oracle.agrees(with: ours.visibleRatios), "ours against the oracle", file: file, line: line)
            XCTAssertEqual(NaiveScan(window: hierarchy.window).scan(), hierarchy.expectedVisibleCountIgnoringOcclusion,
                           "naive", file: file, line: line)
            XCTAssertEqual(PerViewScan(trackedViews: hierarchy.trackedViews).scan(),
                           hierarchy.expectedVisibleCountIgnoringOcclusion, "per-view", file: file, line: line)
            XCTAssertEqual(FloorScan(window: hierarchy.window).scan(), viewCount, "floor", file: file, line: line)
            XCTAssertEqual(FlatFloorScan(window: hierarchy.window).scan(), viewCount, "flat", file: file, line: line)

            #if canImport(Darwin)
            measure { XCTAssertEqual(ours.scan(), expected, file: file, line: line) }
            #else
            var seconds: [Double] = []
            for _ in 0..<10 {
                let start = DispatchTime.now().uptimeNanoseconds
                XCTAssertEqual(ours.scan(), expected, file: file, line: line)
                seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            let average = seconds.reduce(0, +) / Double(seconds.count)
            let times = seconds.map { String(format: "%.4f", $0) }.joined(separator: ", ")
            print("ScanPerformanceTests \(shape) \(viewCount) \(density): average \(String(format: "%.4f", average)) s [\(times)]")
            #endif
        }
    }
}
