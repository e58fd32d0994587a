extension TrackingEventName {
    // MARK: - Public

    /// `Application Installed`: the first launch with the tracker's storage empty. Properties: `version`,
    /// `build`. Recorded by the tracker (``TrackingConfiguration/tracksApplicationLifecycleEvents``).
    public static let applicationInstalled: Self = "Application Installed"
    /// `Application Updated`: the first launch of a new version or build. Properties: `previous_version`,
    /// `previous_build`, `version`, `build`. Recorded by the tracker.
    public static let applicationUpdated: Self = "Application Updated"
    /// `Application Opened`: the launch, and every return to the foreground. Properties: `from_background`,
    /// `version`, `build`, and `url` and `referring_application` when a deep link opened the app. Recorded
    /// by the tracker.
    public static let applicationOpened: Self = "Application Opened"
    /// `Application Backgrounded`: the app went to the background. Recorded by the tracker.
    public static let applicationBackgrounded: Self = "Application Backgrounded"
    /// `Deep Link Opened`: the app was asked to open a URL (``Tracker/openURL(_:referringApplication:)-(URL,_)``).
    /// Properties: `url` (without credentials, fragment, secret query parameters or secret path segments; see
    /// ``DeepLinkPathPolicy``), `referring_application` when known.
    public static let deepLinkOpened: Self = "Deep Link Opened"
}
