import Foundation

/// What counts as a tap: one rule for the tracker's ``TapCaptureRecognizer`` and HeadlessUIKit's
/// `UITapGestureRecognizer`, so that a touch that fires an app's tap recognizer (or a button) is the touch
/// the tracker records.
///
/// UIKit documents neither limit. These are the values UIKit's own tap machinery (`UITapRecognizer`, behind
/// `UITapGestureRecognizer`) is configured with in UIKitCore, as published decompilations of iOS 18 show;
/// `docs/uikit-semantics/tap-rule.md` gives the sources.
enum TapRule {
    /// The farthest, in points, a finger may move from where it came down and still tap.
    static let allowableMovement: Double = 45
    /// The longest, in seconds, a finger may stay down and still tap.
    static let maximumDuration: TimeInterval = 0.75
}
