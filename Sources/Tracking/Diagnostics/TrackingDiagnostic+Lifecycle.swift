extension TrackingDiagnostic.Code {
    // MARK: - Public

    /// The file where the tracker keeps the app version it last saw could not be read or written;
    /// `Application Installed` or `Application Updated` may be missed or repeated once.
    public static let lifecycleStorageFailed = Self(rawValue: "lifecycle_storage_failed")
    /// ``Tracker/openURL(_:referringApplication:)-(URL,_)`` got an empty string, a malformed URL, one without
    /// a scheme, an HTTP(S) URL without a host, or a file URL; no `Deep Link Opened` was recorded. The
    /// message says which, never the URL.
    public static let invalidDeepLink = Self(rawValue: "invalid_deep_link")
}
