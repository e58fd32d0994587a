#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension VisibilityScanner {
    /// Scans the connected scenes like ``scan(into:)`` but leaves out what the windows for which `excludes`
    /// returns `true` contribute; their views still hide what lies behind them.
    ///
    /// Builds on ``scan(windows:into:)`` alone: a window's contribution depends only on the windows in front
    /// of it, so scanning each prefix of a scene's front-to-back windows and keeping the tail that the last
    /// window added isolates that window. A scene of `n` windows costs `n` scans of growing prefixes; this
    /// runs only while a transition is in flight, where it may allocate.
    func scan(into result: inout ScanResult, excludingWindows excludes: (UIWindow) -> Bool) {
        let windows = orderedConnectedWindows()
        var sceneStart = 0
        while sceneStart < windows.count {
            var sceneEnd = sceneStart + 1
            while sceneEnd < windows.count, windows[sceneEnd].windowScene === windows[sceneStart].windowScene {
                sceneEnd += 1
            }
            appendScene(windows[sceneStart..<sceneEnd], excluding: excludes, into: &result)
            sceneStart = sceneEnd
        }
    }

    // MARK: - Private

    private func appendScene(
        _ windows: ArraySlice<UIWindow>, excluding excludes: (UIWindow) -> Bool, into result: inout ScanResult
    ) {
        var prefix = ScanResult()
        var screensBefore = 0, elementsBefore = 0
        for end in windows.indices {
            prefix.removeAll()
            scan(windows: Array(windows[windows.startIndex...end]), into: &prefix)
            result.viewsVisited += prefix.viewsVisited
            if end == windows.index(before: windows.endIndex) {
                result.viewsWithInvalidGeometry += prefix.viewsWithInvalidGeometry
            }
            if !excludes(windows[end]) {
                let base = result.screens.count
                result.screens.append(contentsOf: prefix.screens[screensBefore...])
                for var element in prefix.elements[elementsBefore...] {
                    // A window's elements only ever name screens of the same window.
                    element.screenIndex = element.screenIndex.flatMap { $0 >= screensBefore ? $0 - screensBefore + base : nil }
                    result.elements.append(element)
                }
            }
            screensBefore = prefix.screens.count
            elementsBefore = prefix.elements.count
        }
    }
}
