import Tracking

extension AppDelegate {
    /// Shows the tracker's debug overlay in debug builds, for QA.
    func showDebugOverlayInDebugBuilds() {
        // README snippet: debug-overlay
        #if DEBUG
        tracker.showsDebugOverlay = true
        #endif
        // README snippet end
    }
}
