import Foundation

/// The device and app an event was recorded on, shaped like the `context` object of Segment's tracking API.
///
/// The tracker gathers it once and refreshes it when it can change (locale, time zone, screen), and stamps
/// it on every event. Its `Codable` form is Segment's: `library`, `app`, `device`, `os`, `screen`, `locale`
/// and `timezone`, with Segment's key names, so an uploader can encode it as is:
///
/// ```json
/// {"library": {"name": "Sightline", "version": "0.2.0"},
///  "app": {"name": "Shop", "version": "2.1", "build": "214", "namespace": "com.example.shop"},
///  "device": {"manufacturer": "Apple", "model": "iPhone15,2", "name": "iPhone", "type": "ios"},
///  "os": {"name": "iOS", "version": "17.5"},
///  "screen": {"width": 390, "height": 844, "density": 3},
///  "locale": "en-US", "timezone": "Europe/Berlin"}
/// ```
public struct TrackingContext: Hashable, Sendable, Codable {
    // MARK: - Public

    /// The analytics library that recorded the event.
    public struct Library: Hashable, Sendable, Codable {
        /// The library's name, `"Sightline"`.
        public var name: String
        /// The library's version.
        public var version: String

        /// Creates a library description.
        /// - Parameters:
        ///   - name: The library's name.
        ///   - version: The library's version.
        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// The app, from its main bundle.
    public struct App: Hashable, Sendable, Codable {
        /// The display name (`CFBundleDisplayName`, else `CFBundleName`, else the process name).
        public var name: String
        /// The marketing version (`CFBundleShortVersionString`), empty when there is none.
        public var version: String
        /// The build number (`CFBundleVersion`), empty when there is none.
        public var build: String
        /// The bundle identifier, empty when there is none.
        public var namespace: String

        /// Creates an app description.
        /// - Parameters:
        ///   - name: The display name.
        ///   - version: The marketing version.
        ///   - build: The build number.
        ///   - namespace: The bundle identifier.
        public init(name: String, version: String, build: String, namespace: String) {
            self.name = name
            self.version = version
            self.build = build
            self.namespace = namespace
        }
    }

    /// The hardware.
    public struct Device: Hashable, Sendable, Codable {
        /// The maker, `"Apple"`.
        public var manufacturer: String
        /// The hardware model identifier, such as `"iPhone15,2"` (the simulator's modelled device in the
        /// simulator).
        public var model: String
        /// The generic model name from `UIDevice.model`, such as `"iPhone"` or `"iPad"`.
        public var name: String
        /// The platform family, `"ios"` for every UIKit platform (as Segment's iOS library sends it).
        public var type: String

        /// Creates a device description.
        /// - Parameters:
        ///   - manufacturer: The maker.
        ///   - model: The hardware model identifier.
        ///   - name: The generic model name.
        ///   - type: The platform family.
        public init(manufacturer: String, model: String, name: String, type: String) {
            self.manufacturer = manufacturer
            self.model = model
            self.name = name
            self.type = type
        }
    }

    /// The operating system.
    public struct OperatingSystem: Hashable, Sendable, Codable {
        /// The system's name from `UIDevice.systemName`, such as `"iOS"`.
        public var name: String
        /// The system's version from `UIDevice.systemVersion`, such as `"17.5"`.
        public var version: String

        /// Creates an operating-system description.
        /// - Parameters:
        ///   - name: The system's name.
        ///   - version: The system's version.
        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// The main screen.
    public struct Screen: Hashable, Sendable, Codable {
        /// The width in points.
        public var width: Double
        /// The height in points.
        public var height: Double
        /// Pixels per point.
        public var density: Double

        /// Creates a screen description.
        /// - Parameters:
        ///   - width: The width in points.
        ///   - height: The height in points.
        ///   - density: Pixels per point.
        public init(width: Double, height: Double, density: Double) {
            self.width = width
            self.height = height
            self.density = density
        }
    }

    /// The analytics library.
    public var library: Library
    /// The app.
    public var app: App
    /// The hardware.
    public var device: Device
    /// The operating system (`os` in Segment's format).
    public var os: OperatingSystem
    /// The main screen.
    public var screen: Screen
    /// The user's locale as a BCP 47 tag, such as `"en-US"`.
    public var locale: String
    /// The time zone's identifier, such as `"Europe/Berlin"`.
    public var timezone: String

    /// Creates a context.
    /// - Parameters:
    ///   - library: The analytics library.
    ///   - app: The app.
    ///   - device: The hardware.
    ///   - os: The operating system.
    ///   - screen: The main screen.
    ///   - locale: The locale as a BCP 47 tag.
    ///   - timezone: The time zone's identifier.
    public init(
        library: Library, app: App, device: Device, os: OperatingSystem, screen: Screen, locale: String, timezone: String
    ) {
        self.library = library
        self.app = app
        self.device = device
        self.os = os
        self.screen = screen
        self.locale = locale
        self.timezone = timezone
    }
}
