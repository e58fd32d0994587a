#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// One tracked element as the debug overlay draws it: where, in which state, and with what caption.
struct DebugOverlayOutline: Equatable {
    // MARK: - Internal

    /// The overlay's reading of a scan's verdict, with the recorder's progress for visible elements.
    enum State: Equatable {
        /// Visible at or above the ratio threshold, and its impression is recorded in this visibility span.
        case counted
        /// Visible at or above the ratio threshold, still waiting out the duration threshold.
        case timing(secondsLeft: Double)
        /// Partly visible, below the ratio threshold even before occlusion.
        case belowThreshold(ratio: Double)
        /// Visible enough after clipping, but opaque views in front cover too much of it.
        case occluded(ratio: Double)
        /// Nothing of it survives clipping: scrolled out, clipped away, off screen.
        case clipped
    }

    /// The element's name, `type#identifier`.
    var name: String
    /// The element's bounds in the overlay window's coordinates (the bounding box when transformed).
    var frame: CGRect
    var state: State
    /// The screen the element is attributed to, when it is not the screen the overlay names as visible.
    var otherScreen: String?

    /// What the overlay writes beside the outline, such as `feed_cell#post-3 0.4 s` or `avatar 38 %`.
    var caption: String {
        var text = name
        switch state {
        case .counted: text += " ✓"
        case .timing(let secondsLeft): text += " " + Self.seconds(secondsLeft)
        case .belowThreshold(let ratio): text += " " + Self.percent(ratio)
        case .occluded(let ratio): text += " occluded " + Self.percent(ratio)
        case .clipped: text += " clipped"
        }
        if let otherScreen { text += " → " + otherScreen }
        return text
    }

    /// The state for a scan anchor judged `verdict`, given the recorder's span for it when visible.
    /// - Returns: `nil` for verdicts with nothing to outline (no area, hidden, transparent, invalid).
    static func state(
        verdict: VisibilityReport.Verdict, anchor: ScanAnchor, span: (start: Double, recorded: Bool)?,
        now: Double, minimumVisibleDuration: Double
    ) -> State? {
        switch verdict {
        case .visible:
            guard let span else { return .timing(secondsLeft: minimumVisibleDuration) }
            if span.recorded { return .counted }
            return .timing(secondsLeft: max(minimumVisibleDuration - (now - span.start), 0))
        case .belowThreshold: return .belowThreshold(ratio: anchor.unoccludedRatio)
        case .occluded: return .occluded(ratio: anchor.visibleRatio)
        case .clippedOrOffscreen: return .clipped
        case .notInVisibleWindow, .hidden, .transparent, .invalidGeometry, .zeroArea: return nil
        }
    }

    /// `0.4 s`, rounded up to the tenth so that a wait never reads as over before it is.
    /// A wait no `Int` holds (a duration threshold set huge to switch impressions off) reads `∞ s`.
    static func seconds(_ value: Double) -> String {
        let scaled = (value * 10 - 1e-9).rounded(.up)
        guard scaled.isFinite, scaled < 1e15 else { return "∞ s" }
        let tenths = Int(max(scaled, 0))
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// `38 %`.
    static func percent(_ ratio: Double) -> String {
        "\(Int((ratio * 100).rounded())) %"
    }
}
