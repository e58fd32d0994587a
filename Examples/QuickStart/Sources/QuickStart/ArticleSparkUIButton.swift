#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

extension TrackingElementType {
    /// The article's name for the spark button's element type.
    static let elementSparkButton: Self = "spark_button"
}

/// The source article's button ("How to make friends with UIKit"), verbatim: it tags itself in
/// `awakeFromNib()`, which UIKit declares nonisolated, with no `MainActor.assumeIsolated`.
final class SparkUIButton: UIButton {
    public override func awakeFromNib() {
        super.awakeFromNib()
        self.trackingElement = TrackingElement(elementType: .elementSparkButton)
    }
}
