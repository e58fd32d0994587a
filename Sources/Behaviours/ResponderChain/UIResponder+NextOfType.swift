#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

extension UIResponder {
    // MARK: - Public

    /// The first responder after this one in the responder chain that is of type `type`, or `nil`.
    ///
    /// The search starts at `next`, not at the receiver, and works with protocols, which is how a view finds
    /// the flow controller or delegate that handles its actions without a reference to it:
    ///
    /// ```swift
    /// protocol LogoutHandling: AnyObject { func logOut() }
    ///
    /// @objc func logoutTapped() {
    ///     next(of: LogoutHandling.self)?.logOut()
    /// }
    /// ```
    ///
    /// - Parameter type: A class or protocol type.
    /// - Returns: The nearest following responder of that type.
    public func next<Responder>(of type: Responder.Type) -> Responder? {
        var responder: UIResponder? = self.next
        while let current = responder {
            if let match = current as? Responder {
                return match
            }
            responder = current.next
        }
        return nil
    }
}
