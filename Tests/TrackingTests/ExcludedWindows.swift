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

    func findExcludedWindows(among candidates: ContiguousArray<UIWindow>) -> Bool {
        offered.append(Array(candidates))
        return candidates.contains(where: excludes)
    }

    func excludes(_ window: UIWindow) -> Bool {
        windows.contains { $0 === window }
    }
}
