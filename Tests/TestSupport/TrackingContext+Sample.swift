import Tracking

extension TrackingContext {
    /// A fixed device and app context for tests: what a tracker on an iPhone 14 Pro in Berlin would stamp.
    public static let sample = TrackingContext(
        library: .init(name: "Sightline", version: "0.2.0"),
        app: .init(name: "Shop", version: "2.1", build: "214", namespace: "com.example.shop"),
        device: .init(manufacturer: "Apple", model: "iPhone15,2", name: "iPhone", type: "ios"),
        os: .init(name: "iOS", version: "17.5"),
        screen: .init(width: 390, height: 844, density: 3),
        locale: "en-US", timezone: "Europe/Berlin"
    )
}
