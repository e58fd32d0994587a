extension SampleApp {
    // MARK: - Public

    /// The entries of the app's Info.plist that its analytics read: marketing version 1.4.0, build 27. An
    /// iOS build has them in its Info.plist; the headless demo and its tests hand them to
    /// `Headless.mainBundleInfo` before launching, so lifecycle events and the context carry what a device
    /// would send.
    public static let infoPlist: [String: String] = [
        "CFBundleShortVersionString": "1.4.0",
        "CFBundleVersion": "27",
    ]
}
