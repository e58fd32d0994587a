import Foundation

extension RunLoop.Mode {
    /// The mode the main run loop runs in while a scroll view tracks a finger (`UITrackingRunLoopMode`).
    ///
    /// On Apple platforms `.common` contains it; on Linux the common set holds only `.default` and cannot
    /// be extended, so HeadlessUIKit registers what must also run while tracking (its update cycle, its
    /// animations) in both modes explicitly.
    public static let tracking = RunLoop.Mode("UITrackingRunLoopMode")
}
