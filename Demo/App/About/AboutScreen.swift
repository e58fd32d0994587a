#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI
import UIKit

/// Builds the SwiftUI about screen for the UIKit flow: a `UIHostingController` the flow presents like any
/// controller. Its tracking comes from the modifiers inside ``AboutView``; the hosting controller has none.
enum AboutScreen {
    // MARK: - Internal

    /// The about screen, calling `onClose` when the user taps "Done".
    @MainActor
    static func make(onClose: @escaping () -> Void) -> UIViewController {
        UIHostingController(rootView: AboutView(onClose: onClose))
    }
}
#endif
