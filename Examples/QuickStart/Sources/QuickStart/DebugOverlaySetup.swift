import Tracking

extension AppDelegate {
    /// Shows the tracker's debug overlay in debug builds, for QA.
    func showDebugOverlayInDebugBuilds() {
        // Snippet: debug-overlay
        #if DEBUG
        tracker.showsDebugOverlay = true
        #endif
        // Snippet end
    }
}
