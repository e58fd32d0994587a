import Tracking

extension TrackingEventName {
    // MARK: - Public

    /// The user saved the edit-profile form.
    public static let profileSaved: Self = "profile_saved"
    /// The user logged out (recorded before the tracker's identity is reset).
    public static let loggedOut: Self = "logged_out"
}
