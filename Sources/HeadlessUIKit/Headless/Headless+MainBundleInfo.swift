import Foundation

extension Headless {
    // MARK: - Info.plist

    /// The string entries of the headless app's Info.plist, such as its version and build: what
    /// `Bundle.main.object(forInfoDictionaryKey:)` reads on a device, where a headless process has no
    /// Info.plist.
    ///
    /// Libraries that describe the app read it in place of the main bundle's entries when the bundle has
    /// none (Tracking's context: `CFBundleShortVersionString`, `CFBundleVersion`, `CFBundleDisplayName`,
    /// `CFBundleName`). Set it before the app launches; ``reset()`` empties it.
    ///
    /// ```swift
    /// Headless.mainBundleInfo = ["CFBundleShortVersionString": "1.4.0", "CFBundleVersion": "27"]
    /// ```
    public static var mainBundleInfo: [String: String] = [:]
}
