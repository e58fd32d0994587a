/// The name of a tracked screen, such as a profile or a feed.
///
/// Apps extend it with their own constants:
///
/// ```swift
/// extension TrackingScreenName {
///     static let myProfile: Self = "my_profile"
/// }
/// trackingScreen = TrackingScreen(screenName: .myProfile)
/// ```
public struct TrackingScreenName: TrackingName {
    /// The name as it is sent to analytics.
    public let rawValue: String

    /// Creates a screen name from its analytics name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
