#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
extension Tracker {
    // MARK: - Public

    /// Whether the tracker draws what each scan judged over the app, on the device: for debug builds and QA.
    /// Off by default.
    ///
    /// While it is on and the tracker runs, each scanned scene gets a window of its own above the app's
    /// (level `UIWindow.Level.alert + 1`) that is redrawn after every scan:
    /// - an outline around each tracked element on screen, coloured by verdict: green, counted; blue,
    ///   visible and still timing (with the seconds left before ``TrackingConfiguration/minimumVisibleDuration``);
    ///   yellow, below ``TrackingConfiguration/minimumVisibleRatio`` (with the ratio); orange, occluded by an
    ///   opaque view in front; red, clipped or scrolled out;
    /// - a thin green outline around each visible screen, and beside an element the screen it is attributed
    ///   to when that is none of them;
    /// - a ring where each recorded tap landed, for a second: blue for `Element Tapped`, red captioned "rage"
    ///   for a `Rage Tap`, grey captioned "dead" for a `Dead Tap`;
    /// - a badge in the bottom-right corner: scans in the last second, the last scan's duration, the visible
    ///   screens' names, the events recorded and, with a ``DeliverySink``, the events delivered, the queue and
    ///   the last upload's status.
    ///
    /// The overlay changes nothing it observes: its window is never scanned and hides nothing from the scan,
    /// never becomes the key window, takes no touches (they fall through to the app) and is hidden from
    /// assistive technologies, so a session records the same events with it on or off. Its views are reused
    /// from scan to scan. Off, it costs nothing: no window and no work per scan. It goes when the tracker
    /// stops (it comes back at the first scan after ``start()``) or is released.
    ///
    /// ```swift
    /// #if DEBUG
    /// tracker.showsDebugOverlay = true
    /// #endif
    /// ```
    ///
    /// ``visibilityReport()`` gives the same verdicts as values, for the debugger.
    public var showsDebugOverlay: Bool {
        get { debugOverlay != nil }
        set {
            guard newValue != showsDebugOverlay else { return }
            if newValue {
                debugOverlay = DebugOverlay()
            } else {
                debugOverlay?.remove()
                debugOverlay = nil
            }
        }
    }
}
