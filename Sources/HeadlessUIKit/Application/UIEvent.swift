import Foundation

/// An event delivered to the app. HeadlessUIKit creates none; the type exists for UIKit's signatures
/// (``UIView/hitTest(_:with:)``).
@MainActor
open class UIEvent: NSObject {
    /// Creates an event.
    public override init() {
        super.init()
    }
}
