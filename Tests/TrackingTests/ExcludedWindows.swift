@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A ``WindowExclusion`` that leaves out a fixed set of windows and remembers which windows each scan offered.
@MainActor
final class ExcludedWindows: WindowExclusion {
    /// The windows left out.
    let windows: [UIWindow]
    /// The windows each scan offered, in the order offered.
    private(set) var offered: [[UIWindow]] = []

    init(_ windows: [UIWindow]) {
        self.windows = windows
    }

    func findExcludedWindows(among candidates: ContiguousArray<UIWindow>, into excluded: inout ContiguousArray<Bool>) -> Bool {
        offered.append(Array(candidates))
        for candidate in candidates { excluded.append(windows.contains { $0 === candidate }) }
        return excluded.contains(true)
    }
}
