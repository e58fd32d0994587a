#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The windows a scan walks, and where each sits in its scene.
extension VisibilityScanner {
    // MARK: - Window order

    /// Appends the visible windows of the foreground scenes to `windowBuffer`, front-most first: higher
    /// `windowLevel` first, then the later-shown window (later in the scene's `windows`) first; records
    /// where each scene's windows end. The debug overlay's windows are left out: they show nothing of the
    /// app and hide nothing of it.
    func collectConnectedWindows() {
        let skipsOverlay = DebugOverlayWindow.hasBeenCreated
        for scene in UIApplication.shared.connectedScenes {
            // A scene in the background (or not attached) shows nothing, whatever its windows say.
            guard let windowScene = scene as? UIWindowScene,
                  windowScene.activationState == .foregroundActive || windowScene.activationState == .foregroundInactive
            else { continue }
            let start = windowBuffer.count
            // Reversed, then a stable sort by level: within a level, the later-shown window comes first.
            for window in windowScene.windows.reversed() where !window.isHidden {
                if skipsOverlay, window is DebugOverlayWindow { continue }
                windowBuffer.append(window)
            }
            var i = start + 1
            while i < windowBuffer.count {
                let window = windowBuffer[i]
                let level = window.windowLevel.rawValue
                var j = i - 1
                while j >= start && windowBuffer[j].windowLevel.rawValue < level {
                    windowBuffer[j + 1] = windowBuffer[j]
                    j -= 1
                }
                windowBuffer[j + 1] = window
                i += 1
            }
            if windowBuffer.count > start { sceneEnds.append(windowBuffer.count) }
        }
    }

    /// The window's rectangle `rect` (in its own coordinates) in its scene's coordinates.
    static func sceneBox(of window: UIWindow, rect: CGRect) -> ScanBox {
        let frame = window.frame, bounds = window.bounds
        let dx = Double(frame.origin.x) - Double(bounds.origin.x)
        let dy = Double(frame.origin.y) - Double(bounds.origin.y)
        return WindowTransform.identity.boundingBox(of: rect).offsetBy(dx, dy)
    }
}
