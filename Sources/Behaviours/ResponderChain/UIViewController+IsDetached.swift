#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension UIViewController {
    // MARK: - Public

    /// Whether the controller is outside every controller hierarchy: it has no parent, is not presented,
    /// and is not a window's root view controller.
    ///
    /// A detached controller receives appearance callbacks only from whoever holds it; flow controllers use
    /// this to find screens they created but never showed, or that were dismissed and popped behind their
    /// back. Never loads the view.
    public var isDetached: Bool {
        parent == nil && presentingViewController == nil && viewIfLoaded?.window?.rootViewController !== self
    }
}
