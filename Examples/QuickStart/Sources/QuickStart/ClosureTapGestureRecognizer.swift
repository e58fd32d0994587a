#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

// Snippet: closure-tap-recognizer
/// A tap recognizer that runs a closure, written once for both platforms: target-action on iOS (where
/// `#selector` exists), HeadlessUIKit's `Headless.addAction(to:_:)` elsewhere.
final class ClosureTapGestureRecognizer: UITapGestureRecognizer {
    private let handler: @MainActor () -> Void

    init(handler: @escaping @MainActor () -> Void) {
        self.handler = handler
        #if canImport(UIKit)
        super.init(target: nil, action: nil)
        addTarget(self, action: #selector(recognized))
        #else
        super.init()
        Headless.addAction(to: self) { _ in handler() }
        #endif
    }

    #if canImport(UIKit)
    @objc private func recognized() {
        handler()
    }
    #endif
}
// Snippet end
