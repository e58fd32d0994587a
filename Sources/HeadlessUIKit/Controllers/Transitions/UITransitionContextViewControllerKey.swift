/// Names the view controllers of a transition for
/// ``UIViewControllerTransitionCoordinatorContext/viewController(forKey:)``.
public struct UITransitionContextViewControllerKey: Hashable, Equatable, RawRepresentable, Sendable {
    /// The key's string.
    public let rawValue: String

    /// Creates a key from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The controller visible at the start of the transition, or at the end of a cancelled one.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The controller visible at the end of a completed transition.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}
