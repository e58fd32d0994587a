#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Colours and sizes of the debug overlay: one border colour per outline state, readable on light and
/// dark screens (captions sit on a dark plate).
@MainActor
enum DebugOverlayStyle {
    // MARK: - Internal

    static let borderWidth: CGFloat = 2
    static let screenBorderWidth: CGFloat = 1
    static let fontSize: CGFloat = 10
    static let badgeFontSize: CGFloat = 11
    /// Keeps the badge clear of the home indicator (34 points on iPhones without a home button).
    static let bottomInset: CGFloat = 40
    /// The captions' and badge's plate: translucent, so that even if it were scanned it could hide nothing.
    static let plate = UIColor(white: 0, alpha: 0.7)
    static let text = UIColor.white
    static let screen = counted
    static let screenBorder = screen.cgColor
    /// The ring of a tap mark.
    static let tapMarkBorderWidth: CGFloat = 3

    /// The ring colour of a tap mark of `kind`, made once.
    static func borderColor(for kind: DebugOverlayTapMark.Kind) -> CGColor {
        switch kind {
        case .tap: timingBorder
        case .rageTap: clippedBorder
        case .deadTap: deadTapBorder
        }
    }

    /// The border colour of an outline in `state`.
    static func color(for state: DebugOverlayOutline.State) -> UIColor {
        switch state {
        case .counted: counted
        case .timing: timing
        case .belowThreshold: belowThreshold
        case .occluded: occluded
        case .clipped: clipped
        }
    }

    /// ``color(for:)`` as the layer takes it, made once.
    static func borderColor(for state: DebugOverlayOutline.State) -> CGColor {
        switch state {
        case .counted: countedBorder
        case .timing: timingBorder
        case .belowThreshold: belowThresholdBorder
        case .occluded: occludedBorder
        case .clipped: clippedBorder
        }
    }

    /// A label's size for `text` at `fontSize`, estimated from the longest line (no text layout is needed
    /// for a debug caption, and the estimate is the same on every platform).
    static func size(of text: String, fontSize: CGFloat) -> CGSize {
        var lines = 0, longest = 0, current = 0
        for character in text {
            if character == "\n" {
                lines += 1
                longest = max(longest, current)
                current = 0
            } else {
                current += 1
            }
        }
        lines += 1
        longest = max(longest, current)
        return CGSize(width: CGFloat(longest) * fontSize * 0.6 + 8, height: CGFloat(lines) * fontSize * 1.3 + 4)
    }

    // MARK: - Private

    private static let counted = UIColor(red: 0.2, green: 0.78, blue: 0.35, alpha: 1)
    private static let timing = UIColor(red: 0.25, green: 0.6, blue: 1, alpha: 1)
    private static let belowThreshold = UIColor(red: 1, green: 0.8, blue: 0, alpha: 1)
    private static let occluded = UIColor(red: 1, green: 0.58, blue: 0, alpha: 1)
    private static let clipped = UIColor(red: 1, green: 0.23, blue: 0.19, alpha: 1)
    private static let countedBorder = counted.cgColor
    private static let timingBorder = timing.cgColor
    private static let belowThresholdBorder = belowThreshold.cgColor
    private static let occludedBorder = occluded.cgColor
    private static let clippedBorder = clipped.cgColor
    private static let deadTapBorder = UIColor(white: 0.55, alpha: 1).cgColor
}
