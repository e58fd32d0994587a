#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

extension TrackingContext {
    // MARK: - Public

    /// This library's name and version, as events report them.
    public static let sightlineLibrary = Library(name: "Sightline", version: "0.2.0")

    // MARK: - Internal

    /// The context of this process now: the main bundle (localized names where the bundle has them; without
    /// UIKit, `Headless.mainBundleInfo`'s entries first),
    /// `UIDevice.current`, the screen of the foreground window scene (else of any connected one; zero before
    /// any scene connects; refreshed when the app becomes active), the current locale and time zone.
    ///
    /// visionOS has no `UIScreen`: there the scene's own bounds and its traits' display scale stand in.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    @MainActor
    static func current(bundle: Bundle = .main) -> TrackingContext {
        func info(_ key: String) -> String? {
            #if !canImport(UIKit)
            // A headless app's Info.plist (the process has none of its own).
            if bundle === Bundle.main, let value = Headless.mainBundleInfo[key] { return value }
            #endif
            return bundle.object(forInfoDictionaryKey: key) as? String
        }
        let device = UIDevice.current
        // `UIScreen.main` is on its way out of UIKit; the scene knows its screen.
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        let scene = scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
        #if os(visionOS)
        let bounds = scene?.coordinateSpace.bounds ?? .zero
        let scale = scene?.traitCollection.displayScale ?? 0
        #else
        let bounds = scene?.screen.bounds ?? .zero
        let scale = scene?.screen.scale ?? 0
        #endif
        return TrackingContext(
            library: sightlineLibrary,
            app: App(
                name: info("CFBundleDisplayName") ?? info("CFBundleName") ?? ProcessInfo.processInfo.processName,
                version: info("CFBundleShortVersionString") ?? "",
                build: info("CFBundleVersion") ?? "",
                namespace: bundle.bundleIdentifier ?? ""
            ),
            device: Device(manufacturer: "Apple", model: hardwareModel(), name: device.model, type: "ios"),
            os: OperatingSystem(name: device.systemName, version: device.systemVersion),
            screen: Screen(
                width: Double(bounds.width), height: Double(bounds.height), density: Double(scale)
            ),
            locale: Locale.current.identifier.replacingOccurrences(of: "_", with: "-"),
            timezone: TimeZone.current.identifier
        )
    }

    // MARK: - Private

    /// The hardware identifier (`uname`'s machine, `"iPhone15,2"`), or the modelled device in a simulator.
    private static func hardwareModel() -> String {
        // `getenv`, not `ProcessInfo.environment`, which copies the whole environment into a dictionary.
        if let simulated = getenv("SIMULATOR_MODEL_IDENTIFIER") {
            return String(cString: simulated)
        }
        var system = utsname()
        uname(&system)
        return withUnsafeBytes(of: &system.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
