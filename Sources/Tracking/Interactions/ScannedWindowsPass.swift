#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// What a running tracker does with the windows a scan orders, once per scan: leaves out those with a
/// transition in flight (the ``TransitionMonitor``) and gives each one a tap recognizer (the
/// ``TapCapture``). The scanner's own window list serves both, so neither enumerates the windows again nor
/// allocates; as an existential this value fits inline.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
struct ScannedWindowsPass: WindowExclusion {
    /// Decides which windows the scan leaves out.
    let transitions: TransitionMonitor
    /// Puts recognizers on the scanned windows.
    let tapCapture: TapCapture

    func findExcludedWindows(among windows: ContiguousArray<UIWindow>, into excluded: inout ContiguousArray<Bool>) -> Bool {
        tapCapture.adopt(windows)
        return transitions.findExcludedWindows(among: windows, into: &excluded)
    }
}
