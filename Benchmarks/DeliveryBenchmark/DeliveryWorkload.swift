import Foundation
import Tracking

/// The events and directories the delivery benchmark works on.
enum DeliveryWorkload {
    /// The context a tracker stamps on every event.
    static let context = TrackingContext(
        library: .init(name: "Sightline", version: "0.2.0"),
        app: .init(name: "Shop", version: "2.1", build: "214", namespace: "com.example.shop"),
        device: .init(manufacturer: "Apple", model: "iPhone15,2", name: "iPhone", type: "ios"),
        os: .init(name: "iOS", version: "17.5"),
        screen: .init(width: 390, height: 844, density: 3),
        locale: "en-US", timezone: "Europe/Berlin"
    )

    static let identity = TrackingIdentity(userID: "user-4242")

    /// An impression whose record is about 300 bytes on disk.
    static func event(_ number: Int) -> TrackingEvent {
        TrackingEvent(
            timestamp: Date(), kind: .impression,
            element: TrackingElement(
                elementType: "product_card", identifier: "sku-\(100_000 + number)",
                properties: ["position": .int(number % 40), "promoted": true, "price": 19.99,
                             "title": "Organic cotton T-shirt, slim fit", "category": "apparel/men/tops",
                             "brand": "Acme Outfitters", "list": "summer-sale-2026/featured", "currency": "EUR"]
            ),
            screen: TrackingScreen(screenName: "catalog", identifier: "summer-sale", properties: ["tab": "home"]),
            visibleRatio: 0.75, identity: identity, context: context
        )
    }

    /// A configuration on a fresh directory under `root` that does not upload by itself (no count trigger;
    /// the endpoint a closed loopback port, so nothing leaves the machine).
    static func configuration(root: URL, writeKey: String = "benchmark") -> DeliveryConfiguration {
        var configuration = DeliveryConfiguration(writeKey: writeKey)
        configuration.storageDirectory = root
        configuration.consentDirectory = root
        configuration.maximumStoredBytes = 1 << 30
        configuration.flushAt = .max
        configuration.flushInterval = 86_400
        configuration.endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: 9)
        return configuration
    }

    /// A sink on a fresh directory under `root` that stores without uploading.
    static func sink(root: URL, writeKey: String = "benchmark") -> DeliverySink {
        DeliverySink(configuration: configuration(root: root, writeKey: writeKey))
    }

    /// Bytes of files under `directory`.
    static func bytes(in directory: URL) -> Int {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: directory.path)) ?? []
        return names.reduce(0) { total, name in
            let size = (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path))?[.size]
            return total + ((size as? NSNumber)?.intValue ?? 0)
        }
    }
}
