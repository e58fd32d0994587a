#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The profile's "spark" button; tags itself when a nib or storyboard creates it.
// Snippet: tag-in-awake-from-nib
final class SparkButton: UIButton {
    override func awakeFromNib() {
        super.awakeFromNib()
        // UIKit declares awakeFromNib() nonisolated (on NSObject); nibs are loaded on the main thread.
        MainActor.assumeIsolated {
            trackingElement = TrackingElement(elementType: .sparkButton)
        }
    }
}
// Snippet end
