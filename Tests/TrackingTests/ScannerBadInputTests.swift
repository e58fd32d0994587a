import XCTest
@testable import Tracking
import TestSupport
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Scenario 23 for the scanner: NaN and infinite geometry and alpha, 100,000-deep nesting, and a
/// hierarchy that changes while it is being scanned: no crash, a count for the diagnostic, everything
/// else intact.
final class ScannerBadInputTests: HeadlessTestCase {
    func testNonFiniteGeometryIsInvisibleAndCountedWhileOthersStayIntact() {
        MainActor.assumeIsolated {
            let window = showWindow()
            let nanFrame = addTracked("nan-frame", CGRect(x: 0, y: 0, width: 10, height: 10), to: window)
            nanFrame.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
            let infinite = addTracked("infinite", CGRect(x: 0, y: 0, width: 10, height: 10), to: window)
            infinite.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
            let scrolled = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            scrolled.bounds.origin = CGPoint(x: 0, y: CGFloat.nan)
            window.addSubview(scrolled)
            addTracked("under-nan-offset", CGRect(x: 0, y: 0, width: 10, height: 10), to: scrolled)
            let badTransform = addTracked("nan-transform", CGRect(x: 0, y: 0, width: 10, height: 10), to: window)
            badTransform.transform = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            let nanAlpha = addTracked("nan-alpha", CGRect(x: 0, y: 0, width: 10, height: 10), to: window)
            nanAlpha.alpha = .nan
            let hugeAlpha = addTracked("infinite-alpha", CGRect(x: 200, y: 0, width: 10, height: 10), to: window)
            hugeAlpha.alpha = .infinity
            addTracked("control", CGRect(x: 100, y: 100, width: 10, height: 10), to: window)
            let opaqueNaN = UIView(frame: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1000))
            opaqueNaN.backgroundColor = UIColor(white: 1, alpha: 1)
            window.addSubview(opaqueNaN)

            let result = scanAll()
            // An alpha above 1 counts as 1 (it cannot make a view more than opaque); NaN counts as 0.
            XCTAssertEqual(result.elements.map { $0.element.identifier! }, ["infinite-alpha", "control"])
            XCTAssertEqual(result.elements.map(\.visibleRatio), [1, 1])
            // nan-frame, infinite, the NaN-offset parent's child, nan-transform, and the untracked NaN occluder.
            XCTAssertEqual(result.viewsWithInvalidGeometry, 5)
        }
    }

    func testNonFiniteWindowIsSkipped() {
        MainActor.assumeIsolated {
            let broken = showWindow()
            addTracked("in-broken", CGRect(x: 0, y: 0, width: 10, height: 10), to: broken)
            broken.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 100)
            let good = showWindow()
            addTracked("in-good", CGRect(x: 0, y: 0, width: 10, height: 10), to: good)
            let result = scanAll()
            XCTAssertEqual(result.elements.map { $0.element.identifier! }, ["in-good"])
            XCTAssertEqual(result.viewsWithInvalidGeometry, 1)
        }
    }

    func testHundredThousandDeepNestingScansIteratively() {
        MainActor.assumeIsolated {
            let window = showWindow()
            var chain: [UIView] = []
            chain.reserveCapacity(100_000)
            var parent: UIView = window
            for _ in 0..<100_000 {
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                parent.addSubview(view)
                chain.append(view)
                parent = view
            }
            parent.trackingElement = TrackingElement(elementType: "deep", identifier: "leaf")
            let result = scanAll()
            XCTAssertEqual(result.elements.map { $0.element.identifier! }, ["leaf"])
            XCTAssertEqual(result.viewsVisited, 100_001)
            // Tear down from the leaf up: releasing a 100,000-deep tree from its root would recurse.
            for view in chain.reversed() { view.removeFromSuperview() }
        }
    }

    func testHierarchyMutatedDuringScanDoesNotCrashAndNextScanIsExact() {
        MainActor.assumeIsolated {
            let window = showWindow()
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            window.addSubview(container)
            let mutator = MutatingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            container.addSubview(mutator)
            let doomed = addTracked("doomed", CGRect(x: 0, y: 100, width: 50, height: 50), to: container)
            let untracked = addTracked("untracked-during-scan", CGRect(x: 100, y: 100, width: 50, height: 50), to: container)
            addTracked("control", CGRect(x: 200, y: 200, width: 50, height: 50), to: window)
            var added: UIView?
            mutator.onAlphaRead = { [weak doomed, weak untracked] view in
                doomed?.removeFromSuperview()
                untracked?.trackingElement = nil
                let fresh = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                fresh.trackingElement = TrackingElement(elementType: "box", identifier: "added-during-scan")
                view.addSubview(fresh)
                added = fresh
                view.removeFromSuperview()
            }
            let during = scanAll()
            XCTAssertTrue(during.elements.contains { $0.element.identifier == "control" })
            XCTAssertNotNil(added)

            mutator.onAlphaRead = nil
            let after = scanAll()
            XCTAssertEqual(after.elements.map { $0.element.identifier! }, ["control"])
        }
    }

    func testReleasingTrackedViewsDuringScanKeepsTheirComponentsForThatScan() {
        MainActor.assumeIsolated {
            let window = showWindow()
            let mutator = MutatingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            window.addSubview(mutator)
            var victims: [UIView] = (0..<5).map { index in
                addTracked("victim-\(index)", CGRect(x: 60 * index, y: 100, width: 50, height: 50), to: window)
            }
            mutator.onAlphaRead = { _ in
                for victim in victims { victim.removeFromSuperview() }
                victims.removeAll()
            }
            _ = scanAll()
            mutator.onAlphaRead = nil
            XCTAssertEqual(scanAll().elements.count, 0)
            XCTAssertEqual(TrackingComponentStore.shared.elements.entries.filter { $0.entity != nil && $0.entity?.window != nil }.count, 0)
        }
    }
}

// MARK: - Fixtures

/// A view whose `alpha` getter runs arbitrary code: the scanner reads it mid-scan.
private final class MutatingView: UIView {
    var onAlphaRead: ((UIView) -> Void)?

    override var alpha: CGFloat {
        get {
            if let action = onAlphaRead {
                onAlphaRead = nil
                action(self)
            }
            return super.alpha
        }
        set { super.alpha = newValue }
    }
}

@MainActor
private func showWindow() -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
    window.makeKeyAndVisible()
    return window
}

@MainActor
@discardableResult
private func addTracked(_ id: String, _ frame: CGRect, to parent: UIView) -> UIView {
    let view = UIView(frame: frame)
    view.trackingElement = TrackingElement(elementType: "box", identifier: id)
    parent.addSubview(view)
    return view
}

@MainActor
private func scanAll() -> ScanResult {
    var result = ScanResult()
    VisibilityScanner(minimumVisibleRatio: 0.5, minimumAlpha: 0.01).scan(into: &result)
    return result
}
