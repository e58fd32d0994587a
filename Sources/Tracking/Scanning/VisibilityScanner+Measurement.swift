#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Measuring each anchor against the occluders in front of it, and writing the result.
extension VisibilityScanner {
    // MARK: - Measurement and result

    /// Works out every anchor's ratios against the occluders in front of it.
    func measureAnchors(in span: WindowSpan) {
        for node in span.start..<span.end {
            let flags = nodes[node].mark.flags
            guard flags.contains(.element) || flags.contains(.screenRoot) else { continue }
            let fullArea = nodes[node].frame.area
            let query = nodes[node].visible.offsetBy(span.sceneDX, span.sceneDY)
            let visibleArea = query.area
            guard fullArea > 0, visibleArea > 0 else { continue }
            let unoccluded = min(visibleArea / fullArea, 1)
            nodes[node].unoccludedRatio = unoccluded
            // An element already below the threshold cannot rise above it; a screen's ratio is still wanted
            // as its elements' context (the first pass decided which anchors stay undecided).
            guard nodes[node].isUndecided else {
                nodes[node].ratio = unoccluded
                continue
            }
            let after = Int(nodes[node].preorder + nodes[node].subtreeSize)
            let covered = occluders.coveredArea(of: query, amongFirst: Int(occludersAbove[after]))
            nodes[node].ratio = min(max(visibleArea - covered, 0) / fullArea, 1)
        }
    }

    // MARK: Result

    func emit<Observer: ScanObserver>(
        start: Int, end: Int, windowIndex: Int, into result: inout ScanResult, observer: inout Observer
    ) {
        for node in start..<end {
            let mark = nodes[node].mark
            let isElement = mark.flags.contains(.element)
            let isScreen = mark.flags.contains(.screenRoot)
            guard isElement || isScreen else { continue }
            let ratio = nodes[node].ratio
            let isVisible = ratio > 0 && ratio >= minimumVisibleRatio
            if isScreen, isVisible, nodes[node].resultScreen < 0 {
                appendScreen(node: node, into: &result)
            }
            if isElement, isVisible {
                var screenIndex: Int?
                let context = Int(nodes[node].context)
                if mark.context >= 0 {
                    screenIndex = resultScreen(snapshot: Int(mark.context), into: &result)
                } else if context >= 0 {
                    if nodes[context].resultScreen < 0 { appendScreen(node: context, into: &result) }
                    screenIndex = Int(nodes[context].resultScreen)
                }
                if let element = store.elements.component(at: Int(mark.element), key: ObjectIdentifier(nodes[node].view)) {
                    result.elements.append(VisibleElement(element: element, screenIndex: screenIndex, visibleRatio: ratio))
                }
            }
            if observer.observesAnchors {
                let context = Int(nodes[node].context)
                observer.observe(ScanAnchor(
                    view: nodes[node].view, windowIndex: windowIndex, frame: nodes[node].frame,
                    unoccludedRatio: nodes[node].unoccludedRatio, visibleRatio: ratio,
                    element: isElement
                        ? store.elements.component(at: Int(mark.element), key: ObjectIdentifier(nodes[node].view)) : nil,
                    screen: isScreen ? screenSnapshot[Int(mark.screen)] : nil,
                    contextScreen: mark.context >= 0
                        ? screenSnapshot[Int(mark.context)]
                        : context >= 0 ? screenSnapshot[Int(nodes[context].mark.screen)] : nil
                ))
            }
        }
    }

    func appendScreen(node: Int, into result: inout ScanResult) {
        nodes[node].resultScreen = Int32(truncatingIfNeeded: result.screens.count)
        result.screens.append(VisibleScreen(
            screen: screenSnapshot[Int(nodes[node].mark.screen)], visibleRatio: nodes[node].ratio
        ))
    }

    /// The index in the result's screens of the screen snapshot an element anchor names through SwiftUI's
    /// environment, listing it first if needed: with its root's ratio when the first pass reached that
    /// root (a screen anchor, measured like a controller's root view), else with ratio 0.
    func resultScreen(snapshot: Int, into result: inout ScanResult) -> Int {
        let node = Int(snapshotNodes[snapshot])
        if node >= 0 {
            if nodes[node].resultScreen < 0 { appendScreen(node: node, into: &result) }
            return Int(nodes[node].resultScreen)
        }
        if snapshotResults[snapshot] < 0 {
            snapshotResults[snapshot] = Int32(truncatingIfNeeded: result.screens.count)
            result.screens.append(VisibleScreen(screen: screenSnapshot[snapshot], visibleRatio: 0))
        }
        return Int(snapshotResults[snapshot])
    }
}
