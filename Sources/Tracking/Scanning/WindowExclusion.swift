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
    /// - Parameter windows: The visible windows of the foreground scenes, front-most first, scene by scene:
    ///   the scanner's own list, valid for the call only.
    /// - Returns: Whether any window is left out; ``excludes(_:)`` then tells which.
    func findExcludedWindows(among windows: ContiguousArray<UIWindow>) -> Bool

    /// Whether the last ``findExcludedWindows(among:)`` left `window` out.
    func excludes(_ window: UIWindow) -> Bool
}
