#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Decides which windows a scan leaves out of its result.
///
/// An excluded window contributes no screens and no elements, but its opaque views still hide what lies
/// behind them in the windows behind it, as they do on screen. The scanner asks once per scan, with the
/// windows it has already ordered for that scan (no second list).
@MainActor
protocol WindowExclusion {
    /// Decides which of `windows` to leave out; called once per scan, before any window is walked.
    /// - Parameters:
    ///   - windows: The visible windows of the foreground scenes, front-most first, scene by scene: the
    ///     scanner's own list, valid for the call only.
    ///   - excluded: Empty on entry; receives one flag per window, in the order of `windows`.
    /// - Returns: Whether any window is left out.
    func findExcludedWindows(among windows: ContiguousArray<UIWindow>, into excluded: inout ContiguousArray<Bool>) -> Bool
}
