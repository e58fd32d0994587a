#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension UIButton {
    // MARK: - Internal

    /// A filled, full-width button of the demo's style that runs `action` when tapped.
    static func demoButton(title: String, frame: CGRect, color: UIColor = .systemBlue, action: @escaping @MainActor () -> Void) -> UIButton {
        let button = UIButton(type: .system, primaryAction: UIAction(title: title) { _ in action() })
        button.frame = frame
        button.backgroundColor = color
        button.autoresizingMask = [.flexibleWidth]
        return button
    }
}
