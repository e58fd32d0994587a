import Tracking

extension TrackingScreenName {
    // MARK: - Public

    /// The login form.
    public static let login: Self = "login"
    /// The forgot-password form, pushed over the login form.
    public static let forgotPassword: Self = "forgot_password"
    /// The feed tab.
    public static let feed: Self = "feed"
    /// One post, pushed from the feed.
    public static let postDetail: Self = "post_detail"
    /// The profile tab.
    public static let profile: Self = "profile"
    /// The edit-profile page sheet, presented over the profile.
    public static let editProfile: Self = "edit_profile"
    /// The settings tab.
    public static let settings: Self = "settings"
    /// The SwiftUI about screen, presented from settings (built where SwiftUI exists).
    public static let about: Self = "about"
}
