import Foundation
import Tracking

extension TrackingEventName {
    static let refundIssued: Self = "refund_issued"
}

/// The app's analytics: one tracker whose events are stored and delivered to the collector at `endpoint`,
/// only once the person consents.
@MainActor
final class Analytics {
    /// The tracker the app reports to.
    nonisolated let tracker: Tracker
    /// The delivery sink: the person's consent, and the queue on disk.
    nonisolated let sink: DeliverySink

    /// Creates the app's tracker and its delivery, asking for consent first (nothing leaves the device before).
    /// - Parameters:
    ///   - writeKey: The collector's write key.
    ///   - endpoint: Where batches go.
    ///   - storageDirectory: Where the identity and the queue live (the default is the app's Application Support).
    init(writeKey: String, endpoint: TrackingEndpoint, storageDirectory: URL) {
        var configuration = TrackingConfiguration()
        configuration.storageDirectory = storageDirectory
        configuration.beforeSend = [{ event in
            var event = event
            event.eventProperties["email"] = nil // personal data never leaves the app
            return event
        }]
        var delivery = DeliveryConfiguration(writeKey: writeKey)
        delivery.endpoint = endpoint
        delivery.storageDirectory = storageDirectory.appendingPathComponent("Delivery", isDirectory: true)
        delivery.consentDirectory = storageDirectory
        delivery.defaultConsent = .pending
        sink = DeliverySink(configuration: delivery)
        tracker = Tracker(configuration: configuration, sinks: [sink])
    }

    /// Reports a refund the server confirmed; callable from any thread (a `URLSession` completion, say).
    /// - Parameter amount: The refunded amount.
    nonisolated func refundIssued(amount: Double) {
        tracker.track(.refundIssued, properties: ["amount": amount])
    }
}
