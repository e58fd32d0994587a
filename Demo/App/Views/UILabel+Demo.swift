#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension UILabel {
    // MARK: - Internal

    /// A single-line label that stretches with its superview's width.
    static func demoLabel(_ text: String, frame: CGRect) -> UILabel {
        let label = UILabel(frame: frame)
        label.text = text
        label.autoresizingMask = [.flexibleWidth]
        return label
    }
}
