import Foundation

/// An object that can take part in the responder chain.
///
/// The chain (``next``) follows UIKit: a view leads to its view controller if it is that controller's root
/// view, else to its superview; a view controller to its view's superview (or, when presented, to its
/// presenting controller); a window to its window scene (the application when it has none); a scene to
/// the application; the application to its delegate when that is a responder.
@MainActor
open class UIResponder: NSObject {
    /// Creates a responder.
    public override init() {
        super.init()
    }

    /// The next responder in the chain, or `nil` at its end.
    open var next: UIResponder? { nil }

    // MARK: - Touches

    /// Tells the responder that fingers touched down in its view.
    ///
    /// The default implementation forwards the message up the responder chain (to ``next``), as UIKit's
    /// does; a responder that handles touches overrides all four touch methods without calling `super`.
    /// - Parameters:
    ///   - touches: The touches that began, all in the ``UITouch/Phase/began`` phase.
    ///   - event: The event the touches belong to.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Tells the responder that fingers moved; forwarded up the responder chain by default.
    /// - Parameters:
    ///   - touches: The touches that moved.
    ///   - event: The event the touches belong to.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Tells the responder that fingers lifted; forwarded up the responder chain by default.
    /// - Parameters:
    ///   - touches: The touches that ended.
    ///   - event: The event the touches belong to.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// Tells the responder that the system cancelled touches (a gesture recognizer recognized, for instance);
    /// forwarded up the responder chain by default.
    /// - Parameters:
    ///   - touches: The touches that were cancelled.
    ///   - event: The event the touches belong to.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: - Nib loading

    /// Prepares the receiver after it was loaded from a nib or storyboard. Overrides call `super`.
    ///
    /// UIKit declares `awakeFromNib()` on `NSObject` (its `UINibLoadingAdditions` category) and calls it on
    /// each object a nib or storyboard recreates, once all outlets and actions are connected. Swift on Linux
    /// cannot add an overridable method to `NSObject` from another module (only `@objc` extension members can
    /// be overridden), so HeadlessUIKit declares it on `UIResponder`, the root of every class here that a nib
    /// holds (`UIView` and its controls, `UIViewController`): their subclasses' `override func awakeFromNib()`
    /// compiles as on iOS. It is `nonisolated`, as UIKit's is (the `NSObject` category carries no main-actor
    /// annotation), so an override is nonisolated too and reaches main-actor state the way Apple recommends
    /// for nib awakening: `MainActor.assumeIsolated { … }` (nib loading runs on the main thread).
    /// HeadlessUIKit loads no nibs and never calls it; a test that stands in for a nib loader calls it itself.
    nonisolated open func awakeFromNib() {}
}
