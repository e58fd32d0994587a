#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The profile's "spark" button; tags itself when a nib or storyboard creates it (components can be set from
/// any context, and `awakeFromNib()` is nonisolated).
// Snippet: tag-in-awake-from-nib
final class SparkButton: UIButton {
    override func awakeFromNib() {
        super.awakeFromNib()
        trackingElement = TrackingElement(elementType: .sparkButton)
    }
}
// Snippet end
