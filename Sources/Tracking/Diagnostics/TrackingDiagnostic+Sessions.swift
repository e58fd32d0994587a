extension TrackingDiagnostic.Code {
    // MARK: - Public

    /// The session file could not be read or written; the session in memory is used meanwhile (an
    /// unreadable file costs the saved session: a new one starts).
    public static let sessionStorageFailed = Self(rawValue: "session_storage_failed")
    /// The wall clock read earlier than the running session's start or the app's backgrounding (the user
    /// or the network set it back). The session is kept and no duration is taken as negative; reported
    /// once per session.
    public static let clockWentBack = Self(rawValue: "clock_went_back")
}
