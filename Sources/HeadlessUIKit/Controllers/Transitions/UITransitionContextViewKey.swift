/// Names the views of a transition for ``UIViewControllerTransitionCoordinatorContext/view(forKey:)``.
public struct UITransitionContextViewKey: Hashable, Equatable, RawRepresentable, Sendable {
    /// The key's string.
    public let rawValue: String

    /// Creates a key from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The view of the controller that leaves.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    /// The view of the controller that arrives.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}
