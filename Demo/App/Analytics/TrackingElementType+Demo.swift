import Tracking

extension TrackingElementType {
    // MARK: - Public

    /// The login form's submit button.
    public static let loginButton: Self = "login_button"
    /// A post in the feed; its identifier is the post's.
    public static let feedCell: Self = "feed_cell"
    /// The like button of a post's detail screen.
    public static let likeButton: Self = "like_button"
    /// The avatar at the top of the profile.
    public static let avatar: Self = "avatar"
    /// The "share your profile" banner the profile shows after a screenshot.
    public static let shareBanner: Self = "share_banner"
    /// The edit-profile sheet's save button.
    public static let saveButton: Self = "save_button"
    /// The settings screen's logout button.
    public static let logoutButton: Self = "logout_button"
    /// The forgot-password screen's "Contact support" button: its request goes out silently, so a tap on it
    /// shows nothing (the demo's dead tap).
    public static let supportButton: Self = "support_button"
    /// The about screen's statistics toggle (SwiftUI).
    public static let statisticsToggle: Self = "statistics_toggle"
    /// A topic row of the about screen (SwiftUI); its identifier is the topic.
    public static let aboutTopic: Self = "about_topic"
    /// The about screen's "what's new" panel (SwiftUI), an opaque cover of the rows under it.
    public static let whatsNewPanel: Self = "whats_new_panel"
}
