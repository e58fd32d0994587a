/// An app's marketing version and build number, as ``TrackingContext/App`` reports them.
struct AppVersion: Codable, Hashable, Sendable {
    // MARK: - Internal

    /// The marketing version (`CFBundleShortVersionString`).
    var version: String
    /// The build number (`CFBundleVersion`).
    var build: String

    /// The version and build of `app`.
    init(_ app: TrackingContext.App) {
        version = app.version
        build = app.build
    }

    init(version: String, build: String) {
        self.version = version
        self.build = build
    }
}
