import Foundation

/// An object that can take part in the responder chain.
///
/// The chain (``next``) follows UIKit: a view leads to its view controller if it is that controller's root
/// view, else to its superview; a view controller to its view's superview (or, when presented, to its
/// presenting controller); a window to the application; the application to its delegate when that is a
/// responder.
@MainActor
open class UIResponder: NSObject {
    /// Creates a responder.
    public override init() {
        super.init()
    }

    /// The next responder in the chain, or `nil` at its end.
    open var next: UIResponder? { nil }
}
