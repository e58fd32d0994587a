import Foundation

extension UISceneSession {
    /// What a scene is for: an app's interactive window, an external display's content, and so on.
    public struct Role: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        /// The role's string value.
        public var rawValue: String

        /// Creates a role from its string value.
        /// - Parameter rawValue: The role's string value.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }
    }
}

extension UISceneSession.Role {
    /// The role of a scene that shows the app's interactive windows on the device's main screen.
    public static let windowApplication = UISceneSession.Role(rawValue: "UIWindowSceneSessionRoleApplication")
}
