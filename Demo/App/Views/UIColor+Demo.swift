#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension UIColor {
    // MARK: - Internal

    /// The background of the demo's screens: the system background, which tvOS lacks.
    static var demoBackground: UIColor {
        #if os(tvOS)
        return .white
        #else
        return .systemBackground
        #endif
    }

    /// The background of the demo's cards and secondary buttons: the secondary system background, which
    /// tvOS lacks.
    static var demoSecondaryBackground: UIColor {
        #if os(tvOS)
        return .lightGray
        #else
        return .secondarySystemBackground
        #endif
    }
}
