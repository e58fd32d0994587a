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

    /// The context of this process now: the main bundle, `UIDevice.current`, the screen of the first
    /// connected window scene (zero before any scene connects; refreshed when the app becomes active), the
    /// current locale and time zone.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    @MainActor
    static func current(bundle: Bundle = .main) -> TrackingContext {
        let info = bundle.infoDictionary ?? [:]
        let device = UIDevice.current
        // `UIScreen.main` is on its way out of UIKit; the scene knows its screen.
        let screen = UIApplication.shared.connectedScenes.lazy.compactMap { $0 as? UIWindowScene }.first?.screen
        let bounds = screen?.bounds ?? .zero
        return TrackingContext(
            library: sightlineLibrary,
            app: App(
                name: info["CFBundleDisplayName"] as? String ?? info["CFBundleName"] as? String
                    ?? ProcessInfo.processInfo.processName,
                version: info["CFBundleShortVersionString"] as? String ?? "",
                build: info["CFBundleVersion"] as? String ?? "",
                namespace: bundle.bundleIdentifier ?? ""
            ),
            device: Device(manufacturer: "Apple", model: hardwareModel(), name: device.model, type: "ios"),
            os: OperatingSystem(name: device.systemName, version: device.systemVersion),
            screen: Screen(
                width: Double(bounds.width), height: Double(bounds.height), density: Double(screen?.scale ?? 0)
            ),
            locale: Locale.current.identifier.replacingOccurrences(of: "_", with: "-"),
            timezone: TimeZone.current.identifier
        )
    }

    // MARK: - Private

    /// The hardware identifier (`uname`'s machine, `"iPhone15,2"`), or the modelled device in a simulator.
    private static func hardwareModel() -> String {
        if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] {
            return simulated
        }
        var system = utsname()
        uname(&system)
        return withUnsafeBytes(of: &system.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
