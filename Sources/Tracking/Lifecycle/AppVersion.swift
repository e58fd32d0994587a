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

    /// The longest version or build read from a file, in UTF-8 bytes: that of a name
    /// (``TrackingConfiguration/maximumNameLength``'s default). Real ones take a few bytes.
    static let maximumLength = 256

    /// Whether the version and build are within ``maximumLength``: a file holding longer ones was not written
    /// by Sightline, and its values are not reported as a previous version.
    var isWithinBounds: Bool {
        version.utf8.count <= Self.maximumLength && build.utf8.count <= Self.maximumLength
    }
}
